import BanterChat
import BanterCore

/// `/react [REF] EMOJI`: adds your reaction to a message, or takes it back when it is there.
struct ReactCommand: ReplCommandDefinition, Equatable {
    static let name = "react"
    static let usage = "/react [-N|#ID] EMOJI"
    static let summary = "react to a message with an emoji (again to take it back)"

    var reference: MessageReference
    var emoji: String

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        .matching(["👍", "❤️", "😂", "😮", "😢", "🙏"], request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> ReactCommand {
        let (reference, rest) = try leadingReference(arguments)
        return ReactCommand(reference: reference, emoji: try required(rest, "an emoji, e.g. 👍"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let target = try session.resolve(reference, for: .react)
            let (message, added) = try session.react(to: target, with: emoji)
            if !added { repl.info("took back \(emoji) from #\(message.id)") }
        }
        return .keepGoing
    }
}
