import BanterCore
import BanterLua
import Foundation
import TOMLKit

/// How to reach an external bot and what it is called: read from a bot file naming a
/// command or a URL (`NAME.toml`), or made for a program or URL given directly
/// (`--bot ./mybot.py`, `--bot-url http://…`).
struct BotCommand: Hashable {
    /// What answers: a program started on pipes, or an HTTP endpoint.
    enum Target: Hashable {
        /// The program and its arguments; a first word with a "/" is a path from
        /// `directory`, without one a name looked up on PATH.
        case program([String])
        case endpoint(HTTPEndpoint)
    }

    var target: Target
    /// Where the program runs: the folder of the bot file or program.
    var directory: String
    var name: String
    var initial: String?
    var color: String?
    /// How long the bot may take to finish its answer to one event.
    var timeLimit: Duration
    /// The files live reload watches: the bot file, the program, and any argument naming a
    /// file in `directory` (the script an interpreter runs).
    var sourceFiles: [String]

    /// What a bot given without a bot file may take for one event.
    static let defaultTimeLimit = Duration.seconds(10)
    static let keys = ["command", "url", "format", "conversation", "name", "initial", "color", "timeout"]

    /// Reads the bot at `path`: a `.toml` bot file, else the program itself.
    static func read(_ path: String) throws(ScriptError) -> BotCommand {
        if BotAddress.isURL(path) {
            let endpoint = try HTTPEndpoint(url: path, format: nil, conversation: nil, file: path)
            return BotCommand(
                target: .endpoint(endpoint), directory: FileManager.default.currentDirectoryPath,
                name: endpoint.format.defaultName(for: endpoint.url), timeLimit: defaultTimeLimit, sourceFiles: [])
        }
        let url = URL(fileURLWithPath: path)
        let file = url.lastPathComponent
        let directory = url.deletingLastPathComponent().path
        guard url.pathExtension != "toml" else { return try readFile(path, file: file, directory: directory) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ScriptError(file: file, reason: "there is no such file")
        }
        guard !isFolder.boolValue else {
            throw ScriptError(file: file, reason: "\(path) is a folder, not a script file")
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ScriptError(
                file: file,
                reason:
                    "not a Lua bot (.lua) and not executable: make it executable (chmod +x \(file)) with a #! line, or name its command in a bot file (NAME.toml: command = [\"python3\", \"\(file)\"])"
            )
        }
        return BotCommand(
            target: .program([url.path]), directory: directory, name: url.deletingPathExtension().lastPathComponent,
            timeLimit: defaultTimeLimit, sourceFiles: [url.path])
    }

    private static func readFile(_ path: String, file: String, directory: String) throws(ScriptError) -> BotCommand {
        func failure(_ reason: String) -> ScriptError { ScriptError(file: file, reason: reason) }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: try String(contentsOfFile: path, encoding: .utf8))
        } catch let error as TOMLParseError {
            throw ScriptError(file: file, line: error.source.begin.line, reason: "not valid TOML: \(error.description)")
        } catch {
            throw failure("cannot read the bot file: \(error.localizedDescription)")
        }
        for key in table.keys.sorted() where !keys.contains(key) {
            throw failure("unknown key \"\(key)\": a bot file takes \(keys.joined(separator: ", "))")
        }
        func text(_ key: String) throws(ScriptError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string, !text.isEmpty else { throw failure("\"\(key)\" must be a non-empty string") }
            return text
        }
        var timeLimit = defaultTimeLimit
        if let written = try text("timeout") {
            do {
                timeLimit = try DurationParser.parse(written)
            } catch {
                throw failure("\"timeout\": \(error)")
            }
            guard timeLimit > .zero else { throw failure("\"timeout\" must be longer than 0s") }
        }
        let target: Target
        var files = [URL(fileURLWithPath: path).standardizedFileURL.path]
        switch (table["command"], try text("url")) {
        case (nil, let url?):
            target = .endpoint(
                try HTTPEndpoint(
                    url: url, format: try text("format"), conversation: try text("conversation"), file: file))
        case (_?, nil):
            for key in ["format", "conversation"] where table[key] != nil {
                throw failure("\"\(key)\" is for a bot behind a URL: give \"url\" instead of \"command\", or drop it")
            }
            let command = try Self.command(table, directory: directory, failure: failure)
            target = .program(command)
            let folder = URL(fileURLWithPath: directory, isDirectory: true)
            files += command.map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL.path }
                .filter { FileManager.default.fileExists(atPath: $0) && $0.hasPrefix(folder.standardizedFileURL.path) }
        case (_?, _?):
            throw failure("a bot file names \"command\" (a program) or \"url\" (an HTTP bot), not both")
        case (nil, nil):
            throw failure(
                "\"command\" must be a list of strings naming the program, like [\"python3\", \"bot.py\"] (or \"url\" an HTTP bot's address)"
            )
        }
        return BotCommand(
            target: target, directory: directory,
            name: try text("name") ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
            initial: try text("initial"), color: try text("color"),
            timeLimit: timeLimit, sourceFiles: files)
    }

    /// The program and its arguments from a bot file's `command`, its first word resolved
    /// against `directory` when it is a path.
    private static func command(
        _ table: TOMLTable, directory: String, failure: (String) -> ScriptError
    ) throws(ScriptError) -> [String] {
        guard let words = table["command"]?.array?.map({ $0.string }), let first = words.first, let program = first,
            !program.isEmpty, words.allSatisfy({ $0 != nil })
        else {
            throw failure("\"command\" must be a list of strings naming the program, like [\"python3\", \"bot.py\"]")
        }
        var command = words.compactMap { $0 }
        if program.contains("/") {
            command[0] =
                URL(fileURLWithPath: program, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
                .standardizedFileURL.path
        }
        return command
    }
}
