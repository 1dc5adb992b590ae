import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// `/as them TEXT` (`/as me TEXT` when speaking as them): adds a message from the other
/// side; the bot is not told. `/as NAME TEXT` speaks as a person of the group, whose bots
/// hear it as a person's message.
struct AsOtherSideCommand: ReplCommandDefinition, Equatable {
    static let name = "as"
    static let usage = "/as them TEXT | /as NAME TEXT"
    static let summary = "add a message from the other side, or from a person of the group"

    /// Who the message is from.
    enum Speaker: Equatable {
        /// The side the person at the prompt does not speak for.
        case otherSide
        /// A person of the group, by name.
        case participant(String)
    }

    var speaker = Speaker.otherSide
    var text: String

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        guard request.argumentIndex == 1 else { return .none }
        return .matching([request.side.opposite.rawValue], request.word)
    }

    /// The first word is the other side's ("them", or "me" when speaking as them) or a
    /// group participant's name (in double quotes when it has spaces).
    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> AsOtherSideCommand {
        let other = context.side.opposite.rawValue
        let usage = "/as \(other) TEXT | /as NAME TEXT"
        guard !arguments.isEmpty else {
            throw CommandError("/as needs who speaks and the text of the message", usage: usage)
        }
        let text = arguments
        var who: String
        var rest: Substring
        if text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") {
            who = String(text[text.index(after: text.startIndex)..<close])
            rest = text[text.index(after: close)...]
        } else {
            who = String(text.prefix { !$0.isWhitespace })
            rest = text.dropFirst(who.count)
        }
        let message = rest.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !message.isEmpty else { throw CommandError("/as \(who) needs the text of the message", usage: usage) }
        if who.lowercased() == other { return AsOtherSideCommand(text: message) }
        if who.lowercased() == context.side.rawValue {
            throw CommandError("you already speak as \(who): just type the message", usage: usage)
        }
        who = who.trimmingCharacters(in: .whitespaces)
        return AsOtherSideCommand(speaker: .participant(who), text: message)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            switch speaker {
            case .otherSide:
                if let message = try session.receive(text) { repl.recorder.markInjected(message) }
            case .participant(let name):
                try session.speak(as: name, text)
            }
        }
        return .keepGoing
    }
}
