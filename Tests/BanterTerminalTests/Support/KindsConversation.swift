import BanterCore
import BanterTerminal
import Foundation

/// A conversation with every kind and state of issue 13: attachments (an image with a
/// caption, a plain file, an image the terminal may draw), a reply, reactions, an edit and a
/// deletion, inside clusters and sections like any other message.
enum KindsConversation {
    static func at(_ hour: Int64, _ minute: Int64, _ second: Int64 = 0) -> Timestamp {
        ReferenceConversation.at(dayOffset: 0, hour, minute, second)
    }

    static let messages: [Message] = [
        Message(
            id: 1, conversationID: 1, sender: .them, text: "The menu for tonight 🍝", sentAt: at(18, 0),
            attachment: Attachment(fileName: "menu.png", mediaType: "image/png", byteCount: 42_188,
                                   pixelSize: PixelSize(width: 800, height: 600))),
        Message(
            id: 2, conversationID: 1, sender: .them, text: "", sentAt: at(18, 0, 10),
            attachment: Attachment(fileName: "wine list.pdf", mediaType: "application/pdf", byteCount: 1_288_490),
            reactions: [Reaction(emoji: "👍", sender: .me, reactedAt: at(18, 1))]),
        Message(
            id: 3, conversationID: 1, sender: .me, text: "Looks *great*! Booked for 8",
            sentAt: at(18, 2), status: .read,
            quote: Quote(messageID: 1, sender: .them, excerpt: "The menu for tonight 🍝"),
            reactions: [
                Reaction(emoji: "❤️", sender: .them, reactedAt: at(18, 3)),
                Reaction(emoji: "😂", sender: .them, reactedAt: at(18, 3, 5)),
                Reaction(emoji: "❤️", sender: .me, reactedAt: at(18, 3, 9)),
            ]),
        Message(id: 4, conversationID: 1, sender: .me, text: "Actually make it 8:30", sentAt: at(18, 2, 12),
                status: .read, editedAt: at(18, 4)),
        Message(id: 5, conversationID: 1, sender: .them, text: "", sentAt: at(18, 5), deletedAt: at(18, 6)),
        Message(id: 6, conversationID: 1, sender: .them, text: "🎉", sentAt: at(18, 5, 5),
                reactions: [Reaction(emoji: "🎉", sender: .me, reactedAt: at(18, 6))]),
        Message(
            id: 7, conversationID: 1, sender: .me,
            text: "Replying to a long one, with a long answer that wraps over several rows of the bubble",
            sentAt: at(18, 7), status: .delivered,
            quote: Quote(messageID: 2, sender: .them, excerpt: String(repeating: "very long first line ", count: 6)),
            editedAt: at(18, 8)),
        Message(
            id: 8, conversationID: 1, sender: .them, text: "not\u{1B}[31m a picture", sentAt: at(18, 9),
            attachment: Attachment(fileName: "evil\u{1B}]0;x\u{07}.png", mediaType: "application/octet-\u{9B}stream",
                                   byteCount: 12)),
    ]

    static var items: LayoutItems { Layout.items(for: messages, rules: GroupingRules()) }
}
