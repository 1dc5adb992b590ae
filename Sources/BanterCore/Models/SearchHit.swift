/// A message found by full-text search, with where the query's words matched in its text.
package struct SearchHit: Hashable, Sendable {
    package var message: Message
    /// Ranges of `message.text` that matched a query word, in order, for highlighting.
    /// Empty when the text itself contains the characters used as match markers.
    package var matches: [Range<String.Index>]

    package init(message: Message, matches: [Range<String.Index>]) {
        self.message = message
        self.matches = matches
    }
}
