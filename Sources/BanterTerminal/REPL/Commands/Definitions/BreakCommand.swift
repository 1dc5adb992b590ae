import BanterChat
import BanterCore

/// `/break FILE:LINE`, `/break on "pattern"`, `/break reply`: a breakpoint for the step
/// debugger (it stops the bot while `/debug` is on).
struct BreakCommand: ReplCommandDefinition, Equatable {
    static let name = "break"
    static let usage = "/break FILE:LINE | on \"pattern\" | reply"
    static let summary = "stop the bot at a line, before a handler, or at its next reply"

    var breakpoint: Breakpoint

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        guard request.argumentIndex == 1 else { return .none }
        return .matching(["on", "reply"], request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> BreakCommand {
        let text = try required(arguments, "where to stop")
        do {
            return BreakCommand(breakpoint: try Breakpoint(parsing: text))
        } catch {
            throw CommandError(error.description, usage: usage)
        }
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let number = repl.session.addBreakpoint(breakpoint)
        let armed = repl.session.isDebugging ? "" : " (inactive until /debug on)"
        repl.info("breakpoint \(number): \(breakpoint)\(armed)")
        return .keepGoing
    }
}
