extension Message {
    /// The fields of a message that are usually empty: kept out of line so that `Message`
    /// stays small (an array of messages is mostly ids, texts, times and senders).
    @usableFromInline
    struct Extras: Hashable, Sendable {
        var attachment: Attachment?
        var quote: Quote?
        var reactions: [Reaction] = []
        var editedAt: Timestamp?
        var deletedAt: Timestamp?
        var fields = MessageFieldValues() {
            didSet { participant = fields[.participant].text }
        }
        /// The participant's name of `fields`, read once when they are set: grouping compares
        /// it for every pair of group messages, and a dictionary look-up each time made a
        /// group's layout five times slower than a two-party one's.
        var participant: String?

        /// Field by field: building an empty `Extras` to compare with cost a dictionary and a
        /// derived comparison for every message made (a bot's reply among them).
        var isEmpty: Bool {
            attachment == nil && quote == nil && reactions.isEmpty && editedAt == nil && deletedAt == nil
                && fields.isEmpty && participant == nil
        }

        /// An immutable box: one pointer in `Message`, shared by its copies and replaced
        /// (never changed in place) on a write, which keeps `Message` a plain value.
        @usableFromInline
        indirect enum Box: Hashable, Sendable {
            case boxed(Extras)

            /// A box for `value`, or nil when it is empty: every message without extras is
            /// stored the same way, so equality and hashing need no special case.
            init?(_ value: Extras) {
                guard !value.isEmpty else { return nil }
                self = .boxed(value)
            }

            var value: Extras {
                switch self {
                case .boxed(let value): value
                }
            }
        }
    }
}
