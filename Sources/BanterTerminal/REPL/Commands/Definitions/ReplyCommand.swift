import BanterChat

/// `/reply [REF] TEXT`: sends a message quoting another (by default the other side's newest).
struct ReplyCommand: ReplCommandDefinition, Equatable {
    static let name = "reply"
    static let usage = "/reply [-N|#ID] TEXT"
    static let summary = "send a message quoting another (the other side's newest by default)"

    var reference: MessageReference
    var text: String

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> ReplyCommand {
        let (reference, rest) = try leadingReference(arguments)
        return ReplyCommand(reference: reference, text: try required(rest, "the text of the reply"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            try session.reply(to: try session.resolve(reference, for: .reply), text: text)
        }
        return .keepGoing
    }
}
