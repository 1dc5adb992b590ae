import ArgumentParser
import BanterChat
import BanterConfig
import BanterCore
import BanterScenario
import BanterScript
import BanterStore
import BanterTerminal
import Foundation

/// `banter replay SCENARIO`: runs a scenario, then plays it back with real timing scaled
/// by `--speed`, with typing indicators and send animations in a terminal. `banter replay
/// --conversation NAME --from … --to …` plays a stretch of a stored conversation (an
/// imported chat history) on the clock it was written on.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a scenario, or a stretch of a stored conversation, in the terminal with real timing.",
        discussion: """
            The scenario runs first on a virtual clock; its events are then shown with their \
            real gaps divided by --speed, each pause capped by --max-pause. Through a pipe \
            the output is the transcript `banter run` prints, paced, without animation. \
            Ctrl-C stops the replay (exit status 130).

            Without a scenario, replays a stored conversation (--conversation, else the most \
            recently active one; --db) from --from to --to, both included: each is a message \
            (#120, as /ids on shows) or a local time (2023-12-31, 2023-12-31 21:05, \
            2023-12-31 21:05:09, read in --time-zone); a time names its whole day, minute or \
            second. Messages appear at their real gaps divided by --speed, capped by --max-pause.
            """
    )

    @Argument(help: ArgumentHelp("The scenario script.", valueName: "scenario"), completion: .luaScripts)
    var scenario: String?

    @OptionGroup var stored: StoredConversationOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Replay a stored conversation from this message (#ID) or time.", valueName: "start"))
    var from: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Replay a stored conversation up to this message (#ID) or time.", valueName: "end"))
    var to: String?

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
        let storedOptions = [
            stored.conversation.conversation.map { _ in "--conversation" }, stored.database.db.map { _ in "--db" },
            stored.timeZone.timeZone.map { _ in "--time-zone" }, from.map { _ in "--from" }, to.map { _ in "--to" },
        ].compactMap { $0 }
        if let scenario, let option = storedOptions.first {
            throw ValidationError(
                "\(option) is for replaying a stored conversation, and \(scenario) is a scenario: give one or the other"
            )
        }
        if scenario == nil && storedOptions.isEmpty {
            throw ValidationError(
                "give a scenario to replay (banter replay examples/scenarios/burst.lua), or a stored conversation's stretch (banter replay --conversation NAME --from 2023-12-31 --to '2024-01-01 02:00')"
            )
        }
    }

    func run() throws {
        let settings = try config.settings()
        guard let scenario else { return try replayStored(settings: settings) }
        let limits = try scriptLimits.limits(in: settings)
        let animation = try animates(in: settings)
        let (script, runner, failures) = try Diagnostics.exitOnFailure(status: 2) {
            let (script, runner) = try ScenarioLoading.load(scenario, databasePath: ":memory:", limits: limits)
            return (script, runner, try runner.run())
        }
        let replay = try replay(
            style: try transcript.style(
                timeZone: script.settings.timeZone, settings: settings, preferredWidth: script.settings.width),
            animation: animation)
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

    /// Plays the stretch `--from`/`--to` of a stored conversation: each message added at the
    /// time it was sent, headers seen from that moment ("Today 21:05" as it was then).
    private func replayStored(settings: Settings) throws {
        let zone = try stored.timeZone.zone(in: settings)
        let stretch = try Diagnostics.exitOnFailure(status: 2) {
            try ConversationStretch(
                from: try from.map { text in try bound(text, option: "--from", zone: zone) },
                to: try to.map { text in try bound(text, option: "--to", zone: zone) })
        }
        let animation = try animates(in: settings)
        let replay = try replay(style: try transcript.style(timeZone: zone, settings: settings), animation: animation)
        try stored.withConversation(in: settings) { store, found in
            let written = [from.map { "--from \($0)" }, to.map { "--to \($0)" }].compactMap { $0 }
            let messages = try StoredStretch(
                store: store, conversation: found, stretch: stretch,
                written: written.isEmpty ? "the conversation" : written.joined(separator: " "))
            let recording = ScenarioReplay.Recording(
                start: messages.first.sentAt, opening: [], openingRules: found.rules,
                participant: found.participant ?? Participant(name: found.title), timeline: [],
                participants: try store.participants(conversationID: found.id))
            let played = replay.play(
                recording, timeline: messages.lazy.map { TimedEvent(time: $0.sentAt, event: .messageAdded($0)) })
            try messages.checkFinished()
            guard played else { throw ExitCode(130) }
        }
    }

    /// Whether sending animates: `--no-animation`, else the configured `animation`.
    private func animates(in settings: Settings) throws -> Bool {
        try Diagnostics.exitOnConfigError {
            try settings.resolve(.animation, flag: noAnimation ? .flag(false) : nil).value?.flag ?? true
        }
    }

    /// The player for `style`: paced by `--speed` and `--max-pause`, live in a terminal.
    private func replay(style: TranscriptStyle, animation: Bool) throws -> ScenarioReplay {
        let environment = ProcessInfo.processInfo.environment
        let cap = try DurationParser.parse(maxPause)
        let isTerminal = TranscriptStyle.outputIsTerminal && environment["TERM"] != "dumb"
        return ScenarioReplay(
            style: style, speed: speed, maximumPause: cap == .zero ? nil : cap, liveTerminal: isTerminal,
            animates: isTerminal && animation)
    }

    private func bound(_ text: String, option: String, zone: TimeZone) throws -> ConversationStretch.Bound {
        do {
            return try ConversationStretch.parseBound(text, timeZone: zone)
        } catch {
            throw Diagnostics.Failure("\(option): \(error)")
        }
    }
}
