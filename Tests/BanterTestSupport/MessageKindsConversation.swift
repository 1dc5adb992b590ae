import BanterCore

/// The message kinds of issue 13 in one short exchange on the reference day: a picture with
/// a caption, a file with a reaction, a reply quoting the picture with three reactions, an
/// edit and a deletion. The terminal's goldens and the exports' both draw it; each gives the
/// texts it wants to test (hostile HTML for the exports) and may add messages of its own.
package enum MessageKindsConversation {
    /// The reference day at the given time (UTC).
    package static func at(_ hour: Int64, _ minute: Int64, _ second: Int64 = 0) -> Timestamp {
        ReferenceDay.at(dayOffset: 0, hour, minute, second)
    }

    /// The five messages, numbered 1 to 5: `caption` goes with the picture "menu.png"
    /// (`pictureBytes` bytes, `pictureSize` pixels), `fileName` names the PDF, and `answer`
    /// is my reply that quotes the picture.
    package static func messages(
        conversationID: Int64, caption: String, pictureBytes: Int, pictureSize: PixelSize, fileName: String,
        answer: String
    ) -> [Message] {
        [
            Message(
                id: 1, conversationID: conversationID, sender: .them, text: caption, sentAt: at(18, 0),
                attachment: Attachment(
                    fileName: "menu.png", mediaType: "image/png", byteCount: pictureBytes,
                    pixelSize: pictureSize)),
            Message(
                id: 2, conversationID: conversationID, sender: .them, text: "", sentAt: at(18, 0, 10),
                attachment: Attachment(fileName: fileName, mediaType: "application/pdf", byteCount: 1_288_490),
                reactions: [Reaction(emoji: "👍", sender: .me, reactedAt: at(18, 1))]),
            Message(
                id: 3, conversationID: conversationID, sender: .me, text: answer, sentAt: at(18, 2), status: .read,
                quote: Quote(messageID: 1, sender: .them, excerpt: caption),
                reactions: [
                    Reaction(emoji: "❤️", sender: .them, reactedAt: at(18, 3)),
                    Reaction(emoji: "😂", sender: .them, reactedAt: at(18, 3, 5)),
                    Reaction(emoji: "❤️", sender: .me, reactedAt: at(18, 3, 9)),
                ]),
            Message(
                id: 4, conversationID: conversationID, sender: .me, text: "Actually make it 8:30",
                sentAt: at(18, 2, 12), status: .read, editedAt: at(18, 4)),
            Message(
                id: 5, conversationID: conversationID, sender: .them, text: "", sentAt: at(18, 5), deletedAt: at(18, 6)),
        ]
    }
}
