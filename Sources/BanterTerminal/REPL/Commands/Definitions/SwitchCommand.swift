import BanterChat
import BanterCore

/// `/switch NAME|N`: shows another branch of the conversation, by the name `/branch` gave
/// it or its number in `/tree`.
struct SwitchCommand: ReplCommandDefinition, Equatable {
    static let name = "switch"
    static let usage = "/switch NAME|N"
    static let summary = "show another branch (by name or /tree number)"

    var reference: String

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> SwitchCommand {
        SwitchCommand(reference: try required(arguments, "a branch name or number (see /tree)"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let branch = try session.switchBranch(to: reference)
            repl.info("now on \(branch.displayName)")
        }
        return .keepGoing
    }
}
