/// A message found by full-text search, with where the query's words matched in its text.
public struct SearchHit: Hashable, Sendable {
    public var message: Message
    /// Ranges of `message.text` that matched a query word, in order, for highlighting.
    /// Empty when the text itself contains the characters used as match markers.
    public var matches: [Range<String.Index>]

    public init(message: Message, matches: [Range<String.Index>]) {
        self.message = message
        self.matches = matches
    }
}
