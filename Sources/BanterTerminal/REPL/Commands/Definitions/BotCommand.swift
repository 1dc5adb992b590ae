import BanterChat
import BanterCore

/// `/bot FILE`: loads (or switches to) a bot script in this conversation.
struct BotCommand: ReplCommandDefinition, Equatable {
    static let name = "bot"
    static let usage = "/bot FILE"
    static let summary = "load a bot script into this conversation"

    var path: String

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion { .files }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> BotCommand {
        BotCommand(path: try required(arguments, "a bot script file"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            try session.loadBot(path: repl.expandingHome(path))
            repl.info("loaded \(session.participant.name) from \(session.conversation.botScriptPath ?? path)")
        }
        return .keepGoing
    }
}
