import Foundation

/// Turns what a user types into a safe FTS5 `MATCH` expression.
///
/// Every whitespace-separated word becomes a quoted phrase (inner quotes doubled), so FTS5
/// operators and syntax characters in the input (`AND`, `NEAR`, `"`, `*`, `-`, `:`) are only
/// ever searched for as text, never parsed. Words are ANDed together. Words without any
/// letter or digit (lone punctuation, emoji) are dropped: the `unicode61` tokenizer treats
/// them as separators, so they could never match anyway.
enum SearchQuery {
    /// The MATCH expression for `text`, or nil when it has no searchable word.
    static func matchExpression(for text: String) -> String? {
        let phrases =
            text
            .split(whereSeparator: { $0.isWhitespace })
            .filter { word in word.contains { $0.isLetter || $0.isNumber } }
            .map { word in "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        return phrases.isEmpty ? nil : phrases.joined(separator: " ")
    }
}
