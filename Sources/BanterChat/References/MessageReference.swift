import Foundation

/// Which message a command acts on, as the user writes it: nothing (the newest one the
/// command can act on), `-N` (the N-th newest of those) or `#ID` (a message's id, as
/// `/search`, `/trace` and `/ids on` show it). Resolved by `ChatSession.resolve(_:for:)`.
package enum MessageReference: Hashable, Sendable, CustomStringConvertible {
    /// The newest message the action applies to.
    case newest
    /// The N-th newest message the action applies to (`-1` is the same as `.newest`).
    case newestBut(Int)
    /// The message with this id.
    case id(Int64)

    /// Reads a reference written alone ("", "-2", "#41"); nil when the text is not one.
    package static func parse(_ text: String) -> MessageReference? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .newest }
        guard let first = text.first, first == "-" || first == "#" else { return nil }
        let digits = text.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let number = Int64(digits), number > 0
        else { return nil }
        return first == "-" ? .newestBut(Int(clamping: number)) : .id(number)
    }

    /// Splits a command's arguments into an optional leading reference and the rest
    /// ("-2 👍" → `.newestBut(2)`, "👍"; "👍" → `.newest`, "👍"). A first word that only
    /// looks like a reference ("-0", "#x1") is an error rather than text, so a typo never
    /// sends its words as a message.
    package static func splitLeading(_ arguments: String) throws(ChatError) -> (
        reference: MessageReference, rest: String
    ) {
        let trimmed = arguments.drop { $0 == " " }
        let word = trimmed.prefix { $0 != " " }
        let rest = String(trimmed.dropFirst(word.count).drop { $0 == " " })
        guard let first = word.first, first == "-" || first == "#", word.count > 1,
            word.dropFirst().first?.isNumber == true
        else {
            return (.newest, String(trimmed))
        }
        guard let reference = parse(String(word)) else { throw .invalidReference(String(word)) }
        return (reference, rest)
    }

    package var description: String {
        switch self {
        case .newest: "the newest message"
        case .newestBut(let count): "-\(count)"
        case .id(let id): "#\(id)"
        }
    }
}
