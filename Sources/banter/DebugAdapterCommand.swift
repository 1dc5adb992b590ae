import ArgumentParser
import BanterChat
import BanterCore
import BanterDebugAdapter
import BanterStore
import Foundation

/// `banter debug`: the step debugger for editors, a Debug Adapter Protocol server on
/// standard input and output (see docs/debugging.md). Wiring only: the limits, the
/// in-memory store and the clock here, the protocol in `BanterDebugAdapter`.
struct DebugAdapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract: "Debug a bot from an editor: a Debug Adapter Protocol server on stdin/stdout.",
        discussion: """
            An editor (VS Code, Neovim with nvim-dap, any DAP client) starts it and speaks the \
            protocol on its standard input and output: breakpoints on lines and on handlers \
            (function breakpoints name an on pattern, or reply), stepping, the stack, scopes \
            and variables, expressions, restartFrame. What is debugged is a chat with --bot \
            (the launch's "messages" are sent to it in turn, and a line typed in the debug \
            console while the bot runs is sent too) or a scenario with --scenario; the \
            launch request's "bot", "scenario" and "messages" arguments may say it instead. \
            The conversation runs on a virtual clock in an in-memory database, and appears \
            as output events.
            """
    )

    @Option(
        name: .long, help: ArgumentHelp("The bot to chat with (a .lua script).", valueName: "file"),
        completion: .luaScripts)
    var bot: String?

    @Option(name: .long, help: ArgumentHelp("The scenario to run.", valueName: "file"), completion: .luaScripts)
    var scenario: String?

    @Option(
        name: .customLong("message"),
        help: ArgumentHelp("A message to send to the bot (repeatable).", valueName: "text"))
    var messages: [String] = []

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    func validate() throws {
        if bot != nil, scenario != nil { throw ValidationError("--bot and --scenario cannot be used together") }
        if scenario != nil, !messages.isEmpty {
            throw ValidationError("--message goes with --bot: a scenario says what is written itself")
        }
    }

    func run() throws {
        let settings = try config.settings()
        let limits = try scriptLimits.limits(in: settings)
        if isatty(STDIN_FILENO) != 0 {
            Diagnostics.printLine(
                "banter debug speaks the Debug Adapter Protocol on standard input and output: an editor starts it (docs/debugging.md); Ctrl-D ends it"
            )
        }
        let launcher = DebugLauncher(
            openChat: { path in
                let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                guard FileManager.default.fileExists(atPath: absolute) else {
                    throw ValidationError("there is no bot at \(path)")
                }
                return try ChatSession(
                    store: try ChatStore(path: ":memory:"), clock: VirtualClock(start: SystemClock().now),
                    title: URL(fileURLWithPath: absolute).deletingPathExtension().lastPathComponent,
                    botScriptPath: absolute, options: ChatSessionOptions(scriptLimits: limits))
            },
            loadScenario: { path in
                try ScenarioLoading.load(path, databasePath: ":memory:", limits: limits).1
            })
        DebugAdapter(launcher: launcher, defaults: LaunchDefaults(bot: bot, scenario: scenario, messages: messages))
            .serve()
    }
}
