import Foundation

/// The message a reply quotes, as it read when it was quoted: its sender and first line are
/// kept with the reply, so the quote still shows after the original is edited or deleted.
public struct Quote: Hashable, Sendable, Codable {
    /// The quoted message's id (it may no longer exist, or may be deleted).
    package var messageID: Int64
    package var sender: Sender
    /// The first line of the quoted message as shown (for a file without a caption, its
    /// name), at most `maximumExcerptCharacters` characters. Untrusted text.
    package var excerpt: String

    /// The longest excerpt kept, in characters (grapheme clusters); longer lines end in "…".
    static let maximumExcerptCharacters = 120

    public init(messageID: Int64, sender: Sender, excerpt: String) {
        self.messageID = messageID
        self.sender = sender
        self.excerpt = excerpt
    }

    /// A quote of `message`: its first non-empty line, shortened, or its file's name.
    public init(quoting message: Message) {
        self.init(
            messageID: message.id, sender: message.sender,
            excerpt: Self.excerpt(text: message.text, fileName: message.attachment?.fileName))
    }

    /// What a quote of a message with this text and file shows: the first non-empty line,
    /// shortened, or the file's name.
    package static func excerpt(text: String, fileName: String?) -> String {
        let firstLine =
            text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        var excerpt = firstLine.isEmpty ? (fileName ?? "") : firstLine
        if excerpt.count > maximumExcerptCharacters {
            excerpt = String(excerpt.prefix(maximumExcerptCharacters - 1)) + "…"
        }
        return excerpt
    }
}
