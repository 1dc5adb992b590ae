import BanterChat

/// `/edit [REF] TEXT`: replaces the text of one of your messages and marks it edited.
struct EditCommand: ReplCommandDefinition, Equatable {
    static let name = "edit"
    static let usage = "/edit [-N|#ID] TEXT"
    static let summary = "change the text of one of your messages (your newest by default)"

    var reference: MessageReference
    var text: String

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> EditCommand {
        let (reference, rest) = try leadingReference(arguments)
        return EditCommand(reference: reference, text: try required(rest, "the new text"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            try session.edit(try session.resolve(reference, for: .edit), text: text)
        }
        return .keepGoing
    }
}
