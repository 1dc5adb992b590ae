import BanterChat
import BanterCore
import BanterScenario

/// `/retry`: asks the bot for another answer to your newest message, on a new branch that
/// forks at it; the first answer stays on its branch (`/tree`, `/switch`).
struct RetryCommand: ReplCommandDefinition, Equatable {
    static let name = "retry"
    static let usage = "/retry"
    static let summary = "ask the bot for another answer to your newest message (a new branch)"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> RetryCommand {
        try expectingNoArguments(arguments)
        return RetryCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        // `/save` writes the branch it makes as a `retry()`.
        repl.recorder.retrying {
            repl.perform { () throws(ChatError) in
                let branch = try session.retry()
                repl.info(
                    "answering again on \(branch.displayName) (/switch \(branch.parentNumber ?? 1) for the first answer)"
                )
            }
        }
        return .keepGoing
    }
}
