import Testing

@testable import BanterCore

/// Quotes, reactions and the states a message can be in.
@Suite("Message kinds")
struct MessageKindTests {
    let time = Timestamp(millisecondsSince1970: 1_000)

    @Test func aQuoteKeepsTheFirstLineOrTheFileName() {
        let text = Message(id: 4, conversationID: 1, sender: .them, text: "\n  Dinner at 8?  \nSee you", sentAt: time)
        #expect(Quote(quoting: text) == Quote(messageID: 4, sender: .them, excerpt: "Dinner at 8?"))
        let file = Message(
            id: 5, conversationID: 1, sender: .me, text: "", sentAt: time,
            attachment: Attachment(fileName: "menu.png", mediaType: "image/png", byteCount: 10))
        #expect(Quote(quoting: file).excerpt == "menu.png")
        let long = Message(
            id: 6, conversationID: 1, sender: .me, text: String(repeating: "é", count: 500), sentAt: time)
        let excerpt = Quote(quoting: long).excerpt
        #expect(excerpt.count == Quote.maximumExcerptCharacters && excerpt.hasSuffix("…"))
    }

    @Test func onlySingleEmojiAreReactions() {
        for emoji in ["👍", "❤️", "👩‍👩‍👧", "🇫🇷", "👍🏽", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🎉"] {
            #expect(Reaction.isValidEmoji(emoji), "\(emoji)")
        }
        for text in ["", "ok", "1", "#", "👍👍", "👍 ", "\u{1B}", "a\u{301}", "\u{202E}👍", "❤\u{0007}"] {
            #expect(!Reaction.isValidEmoji(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test func reactionsCountPerEmojiInOrderOfFirstUse() {
        let message = Message(
            id: 1, conversationID: 1, sender: .them, text: "hi", sentAt: time,
            reactions: [
                Reaction(emoji: "👍", sender: .me, reactedAt: time),
                Reaction(emoji: "❤️", sender: .them, reactedAt: time),
                Reaction(emoji: "👍", sender: .them, reactedAt: time),
            ])
        #expect(
            message.reactionCounts == [
                ReactionCount(emoji: "👍", senders: [.me, .them]), ReactionCount(emoji: "❤️", senders: [.them]),
            ])
        #expect(message.reactionCounts.map(\.count) == [2, 1])
    }

    @Test func aDeletedMessageIsNotEdited() {
        var message = Message(id: 1, conversationID: 1, sender: .me, text: "x", sentAt: time, editedAt: time)
        #expect(message.isEdited && !message.isDeleted)
        message.deletedAt = time
        #expect(!message.isEdited && message.isDeleted)
    }
}
