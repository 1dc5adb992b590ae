import ArgumentParser
import BanterChat
import BanterConfig
import BanterCore
import BanterModels
import BanterScript
import BanterStore
import BanterTerminal
import Foundation

/// `banter chat`: the REPL. Wiring only: options become a store, a clock, a session and
/// REPL options; `Repl.run` does the rest.
struct ChatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Chat in the terminal, with a Lua bot or on your own.",
        discussion: """
            With a terminal, messages appear as bubbles above a readline prompt; type /help \
            for the commands. --conversation names the conversation to open or create \
            (default: the bot's file name, else "default"). With --as them you write as the \
            other side, for example in a second terminal on the same database: your messages \
            are drawn as sent. In a group, --as NAME writes as that person of the group while \
            the first terminal runs the bots, which hear what you write. With piped input, each line is handled as if typed, on a \
            virtual clock that moves only with /wait and the bot's delays, and the \
            transcript is printed as plain text.
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The bot that answers: a .lua script, a program, or a .toml bot file naming one; given twice or more, the bots chat with you as a group.",
            valueName: "file"),
        completion: .luaScripts)
    var bot: [String] = []

    @Option(
        name: .customLong("bot-url"),
        help: ArgumentHelp(
            "A bot behind an HTTP endpoint: each message is posted to it (Rasa's REST channel at /webhooks/NAME/webhook, else Banter's events); with --bot, the bots form a group.",
            valueName: "url"))
    var botURL: [String] = []

    /// The bots asked for, files and URLs, in the order of the options' kinds.
    private var bots: [String] { bot + botURL }

    @Option(
        name: .customLong("as"),
        help: ArgumentHelp(
            "Speak as me (the user), them (the other side, mirrored; no bot runs) or, in a group, a person of it by name.",
            valueName: "side|name"))
    var speaker: ChatSpeaker = .side(.me)

    private var side: Side { speaker.side }

    @OptionGroup var conversation: ConversationOption

    @OptionGroup var database: DatabaseOption

    @Flag(name: .long, help: "Do not animate sending (also BANTER_NO_ANIMATION=1 or TERM=dumb).")
    var noAnimation = false

    @Flag(name: .long, help: "Do not reload the bot when its script or a module it required changes.")
    var noWatch = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render at this many columns (default: the width of the terminal output goes to, else $COLUMNS, else 80).",
            valueName: "n"))
    var width: Int?

    @OptionGroup var bubbles: BubbleOptions
    @OptionGroup var pictures: ImageOptions

    @Flag(name: .long, help: "Say which width model, bubble style, theme and picture protocol are in use, and why.")
    var verbose = false

    // Unconditional: relative times start with a dash ("-90m", "-1d 10:00").
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Start the virtual clock of piped input at this local time (\"2026-11-20 19:00\", \"-1d 10:00\").",
            valueName: "time"))
    var start: String?

    @OptionGroup var timeZone: TimeZoneOption

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var theme: ThemeOption

    @OptionGroup var config: ConfigOption

    func validate() throws {
        for url in botURL where !BotAddress.isURL(url) {
            throw ValidationError(
                "--bot-url takes an http:// or https:// address, like http://127.0.0.1:5005/webhooks/rest/webhook, not \"\(url)\"; a file goes to --bot"
            )
        }
        if let name = speaker.personName, !bots.isEmpty {
            throw ValidationError(
                "--bot cannot be used with --as \(name): the group's bots run in the terminal that speaks as you; "
                    + "open the group there with --bot, and here with --conversation TITLE --as \(name)")
        }
        if side == .them, !bots.isEmpty {
            throw ValidationError(
                "--bot cannot be used with --as them: a bot plays the other side, which is you here; "
                    + "drop --as them to chat with the bot, or --bot to chat as the other side")
        }
        if let width, width < 20 { throw ValidationError("--width must be at least 20 columns, got \(width)") }
        if let start {
            do { _ = try SeedTime.parse(start) } catch { throw ValidationError("--start: \(error)") }
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = try config.settings()
        let zone = try timeZone.zone(in: settings)
        let limits = try scriptLimits.limits(in: settings)
        let path = try database.path(in: settings)
        let themeChoice = try theme.choice(in: settings)
        let themeOrigin = try theme.origin(of: themeChoice, in: settings)
        let chosenWidthModel = try bubbles.widthModel(in: settings)
        // Speaking as the other side runs no bot, so the configuration's default bot is not used.
        let bot =
            side == .them || bots.count > 1
            ? nil : try Diagnostics.exitOnConfigError { try settings.path(.bot, flag: bots.first) }
        let groupBots = bots.count > 1 ? bots : []
        // In a terminal, a fresh seed per session, so math.random varies as users expect
        // (`/save` writes it into the scenario, which replays the session exactly); piped
        // runs keep seed 0, so they stay reproducible.
        var sessionOptions = ChatSessionOptions(
            side: side, scriptLimits: limits, timeZone: zone,
            randomSeed: Repl.isInteractive ? UInt64.random(in: 1...999_999) : 0)
        sessionOptions.participantName = speaker.personName
        // A live chat polls for the answer while the prompt stays usable; piped input runs
        // on a virtual clock, which stands still until the answer is in.
        sessionOptions.models = ModelClient(
            endpoints: settings.file?.models ?? [:], environment: environment,
            waitsForAnswers: !Repl.isInteractive)
        let replOptions = try Diagnostics.exitOnConfigError {
            sessionOptions.newConversationRules = try settings.newConversationRules()
            var options = ReplOptions(
                width: width, widthModel: chosenWidthModel?.model, borderStyle: try bubbles.borderStyle(in: settings),
                palette: themeChoice.palette, images: pictures.images, verbose: verbose,
                animates: try settings.isOn(.animation, flag: noAnimation ? false : nil)
                    && environment["TERM"] != "dumb",
                watchesBot: try settings.isOn(.watch, flag: noWatch ? false : nil),
                timeZone: zone, historyPath: ReplOptions.historyPath(forDatabase: path), environment: environment)
            options.widthModelOrigin = chosenWidthModel?.origin ?? options.widthModelOrigin
            options.themeOrigin = themeOrigin
            return options
        }

        let interactive = Repl.isInteractive
        let clock = try makeClock(interactive: interactive, zone: zone)
        let title =
            conversation.conversation
            ?? (groupBots.isEmpty ? bot.map { [$0] } : groupBots)?.map(BotAddress.shortName).joined(separator: "+")
            ?? "default"

        let session = try Diagnostics.exitOnFailure {
            try ChatSession(
                store: try ChatStore(path: path), clock: clock, title: title, botScriptPath: bot,
                options: sessionOptions)
        }
        inviteBots(groupBots, into: session)
        // `--as Bob` needs Bob in the group: one line naming who is there, else.
        try Diagnostics.exitOnFailure {
            do { try session.checkWriter() } catch {
                throw ValidationError("--as \(speaker.personName ?? ""): \(error)")
            }
        }
        try theme.warnAboutContrast(
            of: themeChoice, in: settings, drawnIn: Repl.colorMode(environment: environment).depth)
        let status = Repl.run(session: session, options: replOptions)
        if status != 0 { throw ExitCode(status) }
    }

    /// Invites each bot of `--bot a.lua --bot b.lua` that is not in the group yet (a
    /// reopened group already runs them); one that fails to load is one line on standard
    /// error, and the group starts without it.
    private func inviteBots(_ paths: [String], into session: ChatSession) {
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            if session.presentParticipants.contains(where: { $0.scriptPath == absolute }) { continue }
            do {
                try session.invite(botAt: absolute)
            } catch {
                Diagnostics.printLine("banter: \(path) did not join the group: \(error)")
            }
        }
    }

    /// A live clock in a terminal, a virtual one (starting now or at --start) for piped input.
    private func makeClock(interactive: Bool, zone: TimeZone) throws -> any AdjustableClock {
        let now = SystemClock().now
        var startTime = now
        if let start {
            do {
                startTime = try SeedTime.parse(start).resolve(now: now, timeZone: zone)
            } catch {
                throw ValidationError("--start: \(error)")
            }
        }
        if interactive {
            let clock = LiveClock()
            clock.advance(to: startTime)
            return clock
        }
        return VirtualClock(start: startTime)
    }
}

extension Side: ExpressibleByArgument {}
