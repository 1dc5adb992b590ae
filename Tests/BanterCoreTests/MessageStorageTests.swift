import BanterCore
import Foundation
import Testing

/// `Message` keeps its rare fields out of line; these check that it still behaves as a
/// plain value with all its fields inline.
@Suite("Message storage")
struct MessageStorageTests {
    let time = Timestamp(millisecondsSince1970: 1_000)

    private func plain() -> Message {
        Message(id: 1, conversationID: 2, sender: .them, text: "hi", sentAt: time)
    }

    private func rich() -> Message {
        Message(
            id: 1, conversationID: 2, sender: .me, text: "look", sentAt: time, status: .read,
            attachment: Attachment(
                fileName: "a.png", mediaType: "image/png", byteCount: 9,
                pixelSize: PixelSize(width: 3, height: 4)),
            quote: Quote(messageID: 7, sender: .them, excerpt: "where?"),
            reactions: [Reaction(emoji: "👍", sender: .them, reactedAt: time)],
            editedAt: time + .seconds(1), deletedAt: nil)
    }

    /// Layout and paging walk arrays of a million messages: their speed follows the stride.
    @Test func aMessageIsNoLargerThanItsCommonFieldsAndOnePointer() {
        #expect(MemoryLayout<Message>.stride <= 56)
    }

    @Test func changingACopyLeavesTheOriginalAlone() {
        let original = rich()
        var copy = original
        copy.reactions.append(Reaction(emoji: "🎉", sender: .me, reactedAt: time))
        copy.quote = nil
        copy.deletedAt = time
        #expect(original == rich())
        #expect(original.reactions.count == 1 && original.quote != nil && !original.isDeleted)
        #expect(copy.reactions.count == 2 && copy.quote == nil && copy.isDeleted)
    }

    @Test func clearingEveryRareFieldGivesThePlainMessage() {
        var message = plain()
        message.editedAt = time
        message.reactions = [Reaction(emoji: "👍", sender: .me, reactedAt: time)]
        #expect(message != plain())
        message.editedAt = nil
        message.reactions = []
        #expect(message == plain())
        #expect(message.hashValue == plain().hashValue)
        #expect(Set([message, plain()]).count == 1)
    }

    @Test func eachFieldTakesPartInEquality() {
        var variants: [Message] = [rich()]
        var changed = rich(); changed.attachment = nil; variants.append(changed)
        changed = rich(); changed.quote = nil; variants.append(changed)
        changed = rich(); changed.reactions = []; variants.append(changed)
        changed = rich(); changed.editedAt = nil; variants.append(changed)
        changed = rich(); changed.deletedAt = time; variants.append(changed)
        changed = rich(); changed.status = .sent; variants.append(changed)
        changed = rich(); changed.sender = .them; variants.append(changed)
        #expect(Set(variants).count == variants.count)
    }

    @Test func codingKeepsTheKeysOfEachPublicProperty() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plainJSON = String(decoding: try encoder.encode(plain()), as: UTF8.self)
        #expect(
            plainJSON
                == #"{"conversationID":2,"id":1,"reactions":[],"sender":"them","sentAt":{"millisecondsSince1970":1000},"status":"sent","text":"hi"}"#
        )
        for message in [plain(), rich()] {
            let decoded = try JSONDecoder().decode(Message.self, from: try encoder.encode(message))
            #expect(decoded == message)
        }
    }
}
