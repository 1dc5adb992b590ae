import ArgumentParser
import BanterConfig
import BanterCore
import BanterScenario
import BanterScript
import Foundation

/// `banter check FILE…`: reports, as `file:line: problem`, every problem it can find in
/// bots, scenarios and modules without running a handler (see `ScriptChecker`). A
/// scenario's bot is checked too. Exit status 0 clean, 1 problems, 2 a file missing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check bots and scenarios for errors without running them.",
        discussion: """
            Reports every problem it can find statically, one `file:line: problem` per line: \
            syntax errors, reads of undefined globals and unknown library fields, unknown \
            option names, bad patterns, durations, header patterns and values in literal \
            arguments of the API (in handlers too), errors raised while the script loads, and \
            a scenario whose bot does not load. A folder is searched for bots and scenarios \
            (.lua files that declare one). Exit status 0 when clean, 1 when problems were \
            found, 2 when a file or folder does not exist or a .lua file cannot be named.
            """
    )

    @Argument(
        help: ArgumentHelp("Bot, scenario or module files, or folders.", valueName: "file"), completion: .luaScripts)
    var files: [String]

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    func run() throws {
        let limits = try scriptLimits.limits(in: try config.settings())
        let checker = try Diagnostics.exitOnFailure(status: 2) {
            try ScriptChecker(limits: limits, scenarios: .scenarios)
        }
        var queue: [String] = []
        var missing = false
        for path in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                Diagnostics.report(message: "\(path): \(MissingFile.reason(path, what: "file or folder"))")
                missing = true
                continue
            }
            guard isFolder.boolValue else {
                queue.append(path)
                continue
            }
            let files = LuaFiles.under(path)
            for unnamed in files.namesNotUTF8 {
                Diagnostics.report(message: Sanitizer.sanitize(unnamed.description))
                missing = true
            }
            queue += Self.scripts(files.paths)
        }
        var checked: Set<String> = []
        var problems = 0
        var index = 0
        while index < queue.count {
            let path = queue[index]
            index += 1
            guard checked.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted else { continue }
            let report = checker.check(path)
            problems += report.problems.count
            TestOutput.print(report.problems.map { Sanitizer.sanitize($0.description) }, skippingEmpty: true)
            // A program bot (docs/external-bots.md) is not Lua: its scenario only checks it exists.
            if let bot = report.bot, bot.hasSuffix(".lua"), FileManager.default.fileExists(atPath: bot) {
                queue.append(DisplayPath.relative(bot))
            }
        }
        if missing { throw ExitCode(2) }
        if problems > 0 { throw ExitCode(1) }
    }

    /// The bots and scenarios among `paths`: .lua files that declare one.
    static func scripts(_ paths: [String]) -> [String] {
        var found: [String] = []
        for path in paths {
            guard let source = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) })
            else { continue }
            if ScenarioFinder.declaresScenario(source: source)
                || source.split(separator: "\n").contains(where: Self.declaresBot)
            {
                found.append(path)
            }
        }
        return found
    }

    private static func declaresBot(_ line: Substring) -> Bool {
        line.hasPrefix("bot {") || line.hasPrefix("bot{") || line.hasPrefix("bot(")
    }

}
