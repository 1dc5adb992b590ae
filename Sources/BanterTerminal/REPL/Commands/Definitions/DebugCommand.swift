import BanterChat

/// `/debug on|off`: arms the step debugger's breakpoints (`/break`), or disarms them and
/// lets a paused handler run on. `/debug` alone says whether it is on.
struct DebugCommand: ReplCommandDefinition, Equatable {
    static let name = "debug"
    static let usage = "/debug [on|off]"
    static let summary = "step debugger: stop the bot at breakpoints (/break)"

    /// The new setting; nil only reports the current one.
    var isOn: Bool?

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        guard request.argumentIndex == 1 else { return .none }
        return .matching(["on", "off"], request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> DebugCommand {
        switch arguments.lowercased() {
        case "": return DebugCommand(isOn: nil)
        case "on": return DebugCommand(isOn: true)
        case "off": return DebugCommand(isOn: false)
        default: throw CommandError("/debug takes on or off, got \"\(arguments)\"", usage: usage)
        }
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        if let isOn { session.isDebugging = isOn }
        if session.isDebugging {
            let count = session.breakpoints.count
            repl.info(
                "debug is on: the bot stops at "
                    + (count == 0
                        ? "breakpoints (none yet: /break sets one)"
                        : "\(count) breakpoint\(count == 1 ? "" : "s") (/breaks)"))
        } else {
            repl.info("debug is off (/debug on stops the bot at its breakpoints)")
        }
        return .keepGoing
    }
}
