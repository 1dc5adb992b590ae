import BanterCore
import BanterStore

/// The benchmark conversation: deterministic chat-like messages, generated on the fly.
///
/// Texts are 1 to 24 words drawn from a vocabulary of invented words (with a few emoji and
/// accented words), so the full-text index has a realistic spread of terms. Timing follows
/// chat rhythm: bursts seconds apart, pauses of minutes, and a gap of hours every so often,
/// so layout produces sections, clusters and singles. One message in 100 000 contains
/// `rareWord`, which the vocabulary can never produce.
struct Corpus: Sendable {
    /// Found `count / 100 000` times in a conversation of `count` messages.
    static let rareWord = "zanzibar"
    static let rareWordPeriod = 100_000

    /// 2026-01-05 09:00 UTC: the first message of every generated conversation.
    static let start = Timestamp(millisecondsSince1970: 1_767_603_600_000)

    private let vocabulary: [String]

    init() {
        var random = SeededRandom(seed: 0xBA17E7)
        let syllables = [
            "ka", "lo", "mi", "ne", "ru", "ta", "pe", "so", "vi", "da", "ho", "gu", "be", "ri", "fa", "wen",
        ]
        var words: [String] = []
        for _ in 0..<2_000 {
            let length = Int.random(in: 1...4, using: &random)
            words.append((0..<length).map { _ in syllables.randomElement(using: &random)! }.joined())
        }
        words += ["café", "naïve", "über", "😀", "👍🏽", "🌹", "ok", "yes", "no", "lol"]
        vocabulary = words
    }

    /// Messages `range` of a conversation, ready for `ChatStore.append(contentsOf:)`.
    func newMessages(conversationID: Int64, range: Range<Int>) -> [NewMessage] {
        var messages: [NewMessage] = []
        messages.reserveCapacity(range.count)
        generate(range) { _, sender, text, sentAt in
            messages.append(NewMessage(conversationID: conversationID, sender: sender, text: text, sentAt: sentAt))
        }
        return messages
    }

    /// The first `count` messages of a conversation as the store would return them (ids
    /// 1...count), for layout and rendering without a database.
    func messages(count: Int, conversationID: Int64 = 1) -> [Message] {
        var messages: [Message] = []
        messages.reserveCapacity(count)
        generate(0..<count) { index, sender, text, sentAt in
            messages.append(
                Message(
                    id: Int64(index + 1), conversationID: conversationID, sender: sender, text: text, sentAt: sentAt))
        }
        return messages
    }

    /// The text of every message whose index is in `range`, in order (the INSERTs of the
    /// sqlite3 baseline).
    func rows(_ range: Range<Int>) -> [(sender: Sender, text: String, sentAt: Timestamp)] {
        var rows: [(sender: Sender, text: String, sentAt: Timestamp)] = []
        rows.reserveCapacity(range.count)
        generate(range) { _, sender, text, sentAt in rows.append((sender, text, sentAt)) }
        return rows
    }

    /// Calls `body` for each message of `range`. Each message depends only on its index, so
    /// any range of the conversation can be generated without the ones before it.
    private func generate(_ range: Range<Int>, _ body: (Int, Sender, String, Timestamp) -> Void) {
        for index in range {
            var random = SeededRandom(seed: UInt64(index) &* 0x2545_F491_4F6C_DD1D)
            let sender: Sender = (index / 3 + index / 7).isMultiple(of: 2) ? .me : .them
            let wordCount = Int.random(in: 1...24, using: &random)
            var words = (0..<wordCount).map { _ in vocabulary.randomElement(using: &random)! }
            if index % Self.rareWordPeriod == Self.rareWordPeriod / 2 {
                words.insert(Self.rareWord, at: words.count / 2)
            }
            body(index, sender, words.joined(separator: " "), Self.sentAt(index))
        }
    }

    /// Every message 12 s after the one before, plus 5 minutes every 10th message and
    /// 3 hours every 250th: an index maps to its time without a running sum.
    static func sentAt(_ index: Int) -> Timestamp {
        let milliseconds = Int64(index) * 12_000 + Int64(index / 10) * 300_000 + Int64(index / 250) * 10_800_000
        return Timestamp(millisecondsSince1970: start.millisecondsSince1970 + milliseconds)
    }
}
