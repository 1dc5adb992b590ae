import ArgumentParser
import BanterChat
import BanterConfig
import BanterScenario
import BanterScript
import BanterStore
import BanterTerminal
import Foundation

/// `banter run SCENARIO`: runs a scenario headless on a virtual clock and prints the
/// transcript. Failed expectations go to standard error (exit 1); a scenario or bot that
/// does not load exits 2.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scenario headless and print its transcript.",
        discussion: """
            The scenario runs on a virtual clock, so one spanning days takes milliseconds. \
            The transcript is plain text when piped. Failed expectations are printed on \
            standard error with their file:line and make the exit status 1; a scenario or \
            bot that fails to load makes it 2.
            """
    )

    @Argument(help: ArgumentHelp("The scenario script.", valueName: "scenario"), completion: .luaScripts)
    var scenario: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep the conversation in this database (default: in memory, nothing kept).", valueName: "path"),
        completion: .file())
    var db: String?

    @OptionGroup var transcript: TranscriptOptions

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    @OptionGroup var models: ModelOptions

    func run() throws {
        let settings = try config.settings()
        let limits = try scriptLimits.limits(in: settings)
        let (script, runner) = try Diagnostics.exitOnFailure(status: 2) {
            try ScenarioLoading.load(
                scenario, databasePath: db ?? ":memory:", limits: limits, recording: try models.recorder(in: settings))
        }
        let printer = TranscriptPrinter(
            style: try transcript.style(
                timeZone: script.settings.timeZone, settings: settings, preferredWidth: script.settings.width))
        printer.start(runner.openingMessages, session: runner.session)
        runner.onEvent = { [unowned runner] event in printer.handle(event, session: runner.session) }
        let failures = try Diagnostics.exitOnFailure(status: 2) {
            defer { printer.finish(session: runner.session) }
            return try runner.run()
        }
        for failure in failures {
            Diagnostics.printLine("\(failure)")
        }
        if !failures.isEmpty { throw ExitCode(1) }
    }
}
