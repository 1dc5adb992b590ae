import BanterChat
import BanterCore

/// `/new NAME`: creates a conversation with the current bot and opens it.
struct NewCommand: ReplCommandDefinition, Equatable {
    static let name = "new"
    static let usage = "/new NAME"
    static let summary = "start a conversation (with the current bot)"

    var title: String

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        .matching(request.titles.sorted(), request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> NewCommand {
        NewCommand(title: try required(arguments, "a name for the conversation"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        // Speaking as the other side, no bot runs, so none is handed on.
        let bot = session.side == .me ? session.conversation.botScriptPath : nil
        repl.perform { () throws(ChatError) in try session.open(title: title, botScriptPath: bot, mode: .createNew) }
        return .keepGoing
    }
}
