import BanterChat
import BanterCore

/// `/branch NAME`: labels the branch the chat shows, so `/switch NAME` finds it and
/// `/tree` names it.
struct BranchCommand: ReplCommandDefinition, Equatable {
    static let name = "branch"
    static let usage = "/branch NAME"
    static let summary = "name the current branch"

    var label: String

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> BranchCommand {
        BranchCommand(label: try required(arguments, "a name for the current branch"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let branch = try session.nameBranch(label)
            repl.info("branch \(branch.number) is now \(branch.displayName)")
        }
        return .keepGoing
    }
}
