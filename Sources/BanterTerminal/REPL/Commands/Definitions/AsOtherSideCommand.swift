import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// `/as them TEXT` (`/as me TEXT` when speaking as them): adds a message from the other
/// side; the bot is not told.
struct AsOtherSideCommand: ReplCommandDefinition, Equatable {
    static let name = "as"
    static let usage = "/as them TEXT"
    static let summary = "add a message from the other side (/as me with --as them)"

    var text: String

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        guard request.argumentIndex == 1 else { return .none }
        return .matching([request.side.opposite.rawValue], request.word)
    }

    /// SIDE must be the side the person does not speak for.
    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> AsOtherSideCommand {
        let other = context.side.opposite.rawValue
        let usage = "/as \(other) TEXT"
        let who = arguments.prefix { !$0.isWhitespace }
        guard who.lowercased() == other else {
            throw CommandError("/as only knows \"\(other)\" (the other side)", usage: usage)
        }
        let text = String(arguments.dropFirst(who.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw CommandError("/as \(other) needs the text of the message", usage: usage) }
        return AsOtherSideCommand(text: text)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            if let message = try session.receive(text) { repl.recorder.markInjected(message) }
        }
        return .keepGoing
    }
}
