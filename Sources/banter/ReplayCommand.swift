import ArgumentParser
import BanterChat
import BanterConfig
import BanterCore
import BanterScenario
import BanterScript
import BanterTerminal
import Foundation

/// `banter replay SCENARIO`: runs a scenario, then plays it back with real timing scaled
/// by `--speed`, with typing indicators and send animations in a terminal.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a scenario in the terminal with real timing.",
        discussion: """
            The scenario runs first on a virtual clock; its events are then shown with their \
            real gaps divided by --speed, each pause capped by --max-pause. Through a pipe \
            the output is the transcript `banter run` prints, paced, without animation. \
            Ctrl-C stops the replay (exit status 130).
            """
    )

    @Argument(help: ArgumentHelp("The scenario script.", valueName: "scenario"), completion: .luaScripts)
    var scenario: String

    @Option(name: .long, help: ArgumentHelp("How many times faster than real time (e.g. 2, 0.5).", valueName: "x"))
    var speed: Double = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The longest real pause between two events (\"0\" for no cap).", valueName: "duration"))
    var maxPause: String = "5s"

    @Flag(name: .long, help: "Do not animate sending (also BANTER_NO_ANIMATION=1 or TERM=dumb).")
    var noAnimation = false

    @OptionGroup var transcript: TranscriptOptions

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    func validate() throws {
        guard speed > 0, speed.isFinite else {
            throw ValidationError("--speed must be a positive number, got \(speed)")
        }
        do { _ = try DurationParser.parse(maxPause) } catch { throw ValidationError("--max-pause: \(error)") }
    }

    func run() throws {
        let settings = try config.settings()
        let limits = try scriptLimits.limits(in: settings)
        let animation = try Diagnostics.exitOnConfigError {
            try settings.resolve(.animation, flag: noAnimation ? .flag(false) : nil).value?.flag ?? true
        }
        let (script, runner, failures) = try Diagnostics.exitOnFailure(status: 2) {
            let (script, runner) = try ScenarioLoading.load(scenario, databasePath: ":memory:", limits: limits)
            return (script, runner, try runner.run())
        }
        let environment = ProcessInfo.processInfo.environment
        let cap = try DurationParser.parse(maxPause)
        let isTerminal = TranscriptStyle.outputIsTerminal && environment["TERM"] != "dumb"
        let replay = ScenarioReplay(
            style: try transcript.style(
                timeZone: script.settings.timeZone, settings: settings, preferredWidth: script.settings.width),
            speed: speed,
            maximumPause: cap == .zero ? nil : cap, liveTerminal: isTerminal,
            animates: isTerminal && animation && environment["TERM"] != "dumb")
        let recording = ScenarioReplay.Recording(
            start: script.settings.start, opening: runner.openingMessages, openingRules: runner.openingRules,
            participant: runner.session.participant, timeline: runner.timeline,
            participants: runner.session.participants)
        guard replay.play(recording) else { throw ExitCode(130) }
        for failure in failures {
            Diagnostics.printLine("\(failure)")
        }
        if !failures.isEmpty { throw ExitCode(1) }
    }
}
