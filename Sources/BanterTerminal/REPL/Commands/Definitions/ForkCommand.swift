import BanterChat
import BanterCore

/// `/fork [REF]`: goes back to a message (your newest by default) and starts a new branch
/// there; the transcript shows the conversation up to it and the next line continues the
/// new branch. The old branch stays as it was (`/tree`, `/switch`).
struct ForkCommand: ReplCommandDefinition, Equatable {
    static let name = "fork"
    static let usage = "/fork [-N|#ID]"
    static let summary = "start a new branch at a message (your newest by default)"

    var reference: MessageReference

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> ForkCommand {
        ForkCommand(reference: try referenceOnly(arguments))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let branch = try session.fork(at: reference)
            repl.info(
                "now on \(branch.displayName), forked at #\(branch.forkMessageID ?? 0) (/tree shows every branch)")
        }
        return .keepGoing
    }
}
