import BanterChat
import Foundation

/// `/tap LABEL|N [-N|#ID]`: picks a button, quick reply or card button by its label or its
/// number as drawn (`[2 No]`), on the newest message that offers any unless a reference
/// names another. The label is sent as your message and the bot gets the payload, as when
/// the digit key or a click picks it.
struct TapCommand: ReplCommandDefinition, Equatable {
    static let name = "tap"
    static let usage = "/tap LABEL|N [-N|#ID]"
    static let summary = "pick a button or quick reply by its label or number"

    var selector: ChatSession.ChoiceSelector
    var reference: MessageReference

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        .none
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> TapCommand {
        var (reference, rest) = try leadingReference(arguments)
        if reference == .newest, let space = rest.lastIndex(of: " ") {
            let word = String(rest[rest.index(after: space)...])
            if word.count > 1, word.first == "-" || word.first == "#", word.dropFirst().first?.isNumber == true {
                guard let trailing = MessageReference.parse(word) else {
                    throw CommandError("\(word) is not a message reference (-N or #ID)", usage: usage)
                }
                reference = trailing
                rest = String(rest[..<space]).trimmingCharacters(in: .whitespaces)
            }
        }
        let choice = try required(rest, "a button's label or number, e.g. /tap Yes or /tap 2")
        if choice.allSatisfy(\.isASCII), choice.allSatisfy(\.isNumber), let number = Int(choice) {
            return TapCommand(selector: .number(number), reference: reference)
        }
        return TapCommand(selector: .label(choice), reference: reference)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let message = reference == .newest ? nil : try session.resolve(reference, for: .tap)
            try session.pick(selector, on: message)
        }
        return .keepGoing
    }
}
