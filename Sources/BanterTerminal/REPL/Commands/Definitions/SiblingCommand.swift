import BanterChat
import BanterCore

/// `/sibling next|prev`: shows the next or previous sibling of the newest message with
/// siblings (`‹ 2/3 ›`) and the branch below it; Alt-Right and Alt-Left do the same.
struct SiblingCommand: ReplCommandDefinition, Equatable {
    static let name = "sibling"
    static let usage = "/sibling next|prev"
    static let summary = "show the next or previous answer where the conversation branched (Alt-Right/Alt-Left)"

    var forward: Bool

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> SiblingCommand {
        switch arguments.lowercased() {
        case "next": return SiblingCommand(forward: true)
        case "prev", "previous": return SiblingCommand(forward: false)
        case "": throw missing("next or prev")
        default: throw CommandError("/sibling takes next or prev, not \"\(arguments)\"", usage: usage)
        }
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let (branch, siblings) = try session.switchSibling(forward: forward)
            repl.info("sibling \(siblings.label), now on \(branch.displayName)")
        }
        return .keepGoing
    }
}
