import BanterChat
import BanterCore

/// `/wait DURATION`: moves this conversation's clock forward, running the bot's due work.
struct WaitCommand: ReplCommandDefinition, Equatable {
    static let name = "wait"
    static let usage = "/wait DURATION"
    static let summary = "move this conversation's clock forward (e.g. 20s, 2h)"

    var duration: Duration

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> WaitCommand {
        let text = try required(arguments, "a duration")
        do {
            return WaitCommand(duration: try DurationParser.parse(text))
        } catch {
            throw CommandError(error.description, usage: usage)
        }
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        if !repl.session.wait(duration) {
            repl.showError("the bot kept scheduling work; the clock moved on without running all of it")
        }
        return .keepGoing
    }
}
