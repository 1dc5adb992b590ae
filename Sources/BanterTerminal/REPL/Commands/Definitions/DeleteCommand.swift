import BanterChat

/// `/delete [REF]`: deletes one of your messages, leaving a placeholder in its place.
struct DeleteCommand: ReplCommandDefinition, Equatable {
    static let name = "delete"
    static let usage = "/delete [-N|#ID]"
    static let summary = "delete one of your messages (your newest by default)"

    var reference: MessageReference

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> DeleteCommand {
        DeleteCommand(reference: try referenceOnly(arguments))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            try session.delete(try session.resolve(reference, for: .delete))
        }
        return .keepGoing
    }
}
