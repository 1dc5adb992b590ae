import BanterCore
import BanterTestSupport

@testable import BanterTerminal

/// The shared message-kinds exchange as the terminal draws it (an 800×600 picture the
/// terminal may show inline), plus what only the terminal tests need: an emoji-only message
/// with a reaction, a long quoted reply that wraps, and an attachment with hostile names.
enum KindsConversation {
    private static func at(_ hour: Int64, _ minute: Int64, _ second: Int64 = 0) -> Timestamp {
        MessageKindsConversation.at(hour, minute, second)
    }

    static let messages: [Message] =
        MessageKindsConversation.messages(
            conversationID: 1, caption: "The menu for tonight 🍝", pictureBytes: 42_188,
            pictureSize: PixelSize(width: 800, height: 600), fileName: "wine list.pdf",
            answer: "Looks *great*! Booked for 8"
        ) + [
            Message(
                id: 6, conversationID: 1, sender: .them, text: "🎉", sentAt: at(18, 5, 5),
                reactions: [Reaction(emoji: "🎉", sender: .me, reactedAt: at(18, 6))]),
            Message(
                id: 7, conversationID: 1, sender: .me,
                text: "Replying to a long one, with a long answer that wraps over several rows of the bubble",
                sentAt: at(18, 7), status: .delivered,
                quote: Quote(
                    messageID: 2, sender: .them, excerpt: String(repeating: "very long first line ", count: 6)),
                editedAt: at(18, 8)),
            Message(
                id: 8, conversationID: 1, sender: .them, text: "not\u{1B}[31m a picture", sentAt: at(18, 9),
                attachment: Attachment(
                    fileName: "evil\u{1B}]0;x\u{07}.png", mediaType: "application/octet-\u{9B}stream",
                    byteCount: 12)),
        ]

    static var items: LayoutItems { Layout.items(for: messages, rules: GroupingRules()) }
}
