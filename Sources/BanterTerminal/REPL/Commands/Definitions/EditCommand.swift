import BanterChat
import BanterCore

/// `/edit [REF] [--branch] TEXT`: replaces the text of one of your messages and marks it
/// edited; with `--branch`, keeps it and writes the new text as its sibling on a new branch.
struct EditCommand: ReplCommandDefinition, Equatable {
    static let name = "edit"
    static let usage = "/edit [-N|#ID] [--branch] TEXT"
    static let summary = "change the text of one of your messages (--branch: on a new branch, keeping it)"

    var reference: MessageReference
    var text: String
    var branches = false

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> EditCommand {
        let (reference, rest) = try leadingReference(arguments)
        let flag = "--branch"
        let branches = rest == flag || rest.hasPrefix(flag + " ")
        let text = branches ? String(rest.dropFirst(flag.count).drop { $0 == " " }) : rest
        return EditCommand(reference: reference, text: try required(text, "the new text"), branches: branches)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            if branches {
                let branch = try session.editAsBranch(reference, text: text)
                repl.info("written on \(branch.displayName) (/sibling prev for the first version)")
            } else {
                try session.edit(try session.resolve(reference, for: .edit), text: text)
            }
        }
        return .keepGoing
    }
}
