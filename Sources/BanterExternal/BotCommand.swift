import BanterCore
import BanterLua
import Foundation
import TOMLKit

/// How to start an external bot and what it is called: read from a bot file naming a
/// command (`NAME.toml`), or made for a program given directly (`--bot ./mybot.py`).
struct BotCommand: Hashable {
    /// The program and its arguments; a first word with a "/" is a path from `directory`,
    /// without one a name looked up on PATH.
    var command: [String]
    /// Where the program runs: the folder of the bot file or program.
    var directory: String
    var name: String
    var initial: String?
    var color: String?
    /// How long the program may take to finish its answer to one event.
    var timeLimit: Duration
    /// The files live reload watches: the bot file, the program, and any argument naming a
    /// file in `directory` (the script an interpreter runs).
    var sourceFiles: [String]

    /// What a program given without a bot file may take for one event.
    static let defaultTimeLimit = Duration.seconds(10)
    static let keys = ["command", "name", "initial", "color", "timeout"]

    /// Reads the bot at `path`: a `.toml` bot file, else the program itself.
    static func read(_ path: String) throws(ScriptError) -> BotCommand {
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
            command: [url.path], directory: directory, name: url.deletingPathExtension().lastPathComponent,
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
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let files =
            [URL(fileURLWithPath: path).standardizedFileURL.path]
            + command.map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL.path }
            .filter { FileManager.default.fileExists(atPath: $0) && $0.hasPrefix(folder.standardizedFileURL.path) }
        return BotCommand(
            command: command, directory: directory,
            name: try text("name") ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
            initial: try text("initial"), color: try text("color"), timeLimit: timeLimit, sourceFiles: files)
    }
}
