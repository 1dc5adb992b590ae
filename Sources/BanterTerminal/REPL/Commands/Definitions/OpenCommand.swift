import BanterChat

/// `/open NAME`: opens an existing conversation, with the bot it was used with.
struct OpenCommand: ReplCommandDefinition, Equatable {
    static let name = "open"
    static let usage = "/open NAME"
    static let summary = "open an existing conversation"

    var title: String

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        .matching(request.titles.sorted(), request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> OpenCommand {
        OpenCommand(title: try required(arguments, "the name of a conversation"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in try session.open(title: title, mode: .openExisting) }
        return .keepGoing
    }
}
