import ArgumentParser
import BanterChat
import BanterScenario
import Foundation

/// `banter crawl BOT.lua [--depth N] [--out DIR]`: walks every path of the bot's buttons and
/// quick replies and reports its ends, dead ends, loops and errors; `--out` writes a
/// scenario per path and a diagram. Exit status 1 when it found a dead end or an error.
struct CrawlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crawl",
        abstract: "Take every button and quick reply of a bot, path by path, and report dead ends, loops and errors.",
        discussion: """
            From the opening, breadth first, each choice of the newest message that offers \
            any is picked in a fresh conversation on a virtual clock. A state seen before \
            (what the bot said after the pick and its memory) is not explored again: a loop \
            when it is on the same path. A message offering nothing is an end when the bot \
            marked it { final = true }, else a dead end. With --out DIR, each path is written \
            as a scenario (path-001.lua, …) that banter test replays, and paths.mmd draws \
            them as a Mermaid flowchart. Exit status 1 when a dead end or an error was found.
            """)

    @Argument(help: ArgumentHelp("The bot script.", valueName: "bot"), completion: .luaScripts)
    var bot: String

    @Option(name: .long, help: ArgumentHelp("Take at most this many picks on a path (default 8).", valueName: "n"))
    var depth: Int = 8

    @Option(
        name: .long,
        help: ArgumentHelp("Write a scenario per path and paths.mmd into this folder.", valueName: "dir"),
        completion: .directory)
    var out: String?

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    func validate() throws {
        guard (0...64).contains(depth) else { throw ValidationError("--depth must be between 0 and 64, not \(depth)") }
    }

    func run() throws {
        let settings = try config.settings()
        let limits = try scriptLimits.limits(in: settings)
        guard FileManager.default.fileExists(atPath: bot) else {
            Diagnostics.report(message: "no bot script at \(bot)")
            throw ExitCode(2)
        }
        let report = try Diagnostics.exitOnFailure(status: 2) {
            try BotCrawler(botPath: bot, depth: depth, limits: limits).crawl()
        }
        for line in report.lines() { print(line) }
        if let out {
            let written = try Diagnostics.exitOnFailure(status: 2) { try CrawlFiles.write(report, to: out) }
            print("wrote \(written) scenarios and paths.mmd to \(out)")
        }
        let failed = report.paths.contains { path in
            switch path.outcome {
            case .deadEnd, .error: true
            default: false
            }
        }
        if failed { throw ExitCode(1) }
    }
}
