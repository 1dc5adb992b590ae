/// One person's emoji on a message. Each person has at most one of each emoji per message:
/// reacting with it again takes it back.
public struct Reaction: Hashable, Sendable, Codable {
    /// One emoji (a single grapheme cluster, see `isValidEmoji`).
    package var emoji: String
    /// Who reacted: `.me` or `.them`.
    package var sender: Sender
    package var reactedAt: Timestamp

    public init(emoji: String, sender: Sender, reactedAt: Timestamp) {
        self.emoji = emoji
        self.sender = sender
        self.reactedAt = reactedAt
    }

    /// The longest emoji accepted, in UTF-8 bytes (a family with skin tones is about 40).
    static let maximumEmojiBytes = 64

    /// Whether `text` is one emoji: a single grapheme cluster of at most
    /// `maximumEmojiBytes` bytes that starts with a non-ASCII emoji scalar ("👍", "❤️",
    /// "👩‍👩‍👧", "🇫🇷") and holds no control or format characters other than the joiners
    /// and selectors emoji are built from.
    package static func isValidEmoji(_ text: String) -> Bool {
        guard text.count == 1, text.utf8.count <= maximumEmojiBytes,
            let first = text.unicodeScalars.first, first.value > 0x7F, first.properties.isEmoji
        else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                return false
            case .format:
                // ZWJ and the tag characters of subdivision flags (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
                return scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value)
            default:
                return true
            }
        }
    }
}

/// How many people reacted with one emoji: one badge under a bubble.
package struct ReactionCount: Hashable, Sendable {
    package var emoji: String
    /// Who reacted with it, oldest first.
    package var senders: [Sender]

    package init(emoji: String, senders: [Sender]) {
        self.emoji = emoji
        self.senders = senders
    }

    package var count: Int { senders.count }
}
