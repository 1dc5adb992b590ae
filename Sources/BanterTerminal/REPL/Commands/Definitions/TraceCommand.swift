import BanterChat

/// `/trace on|off`: under each message the bot receives, dim lines saying which handler
/// took it (`on("…")` at file:line, `on_message`, `fallback`), its captures, the
/// instructions and time it used, and what it sent or scheduled. `/trace` alone says
/// whether it is on.
struct TraceCommand: ReplCommandDefinition, Equatable {
    static let name = "trace"
    static let usage = "/trace [on|off]"
    static let summary = "show which handler took each message and what it did"

    /// The new setting; nil only reports the current one.
    var isOn: Bool?

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        guard request.argumentIndex == 1 else { return .none }
        return .matching(["on", "off"], request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> TraceCommand {
        switch arguments.lowercased() {
        case "": return TraceCommand(isOn: nil)
        case "on": return TraceCommand(isOn: true)
        case "off": return TraceCommand(isOn: false)
        default: throw CommandError("/trace takes on or off, got \"\(arguments)\"", usage: usage)
        }
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        if let isOn { session.tracesHandlers = isOn }
        if session.tracesHandlers {
            repl.info("trace is on: each message the bot receives is followed by which handler took it (/trace off)")
        } else {
            repl.info("trace is off (/trace on shows which handler takes each message)")
        }
        return .keepGoing
    }
}
