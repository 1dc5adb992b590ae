import BanterCore
import BanterTestSupport
import Foundation
import GRDB
import Testing

@testable import BanterStore

/// Attachments, quotes, reactions, edits and deletions in the database, and the migration
/// that brought them.
@Suite("Store: message kinds")
struct MessageKindStoreTests {
    static let picture = Attachment(
        fileName: "menu.png", mediaType: "image/png", byteCount: 0, pixelSize: PixelSize(width: 2, height: 3))

    @Test func attachmentBytesComeBackExactlyAcrossChunks() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        var random = SeededGenerator(seed: 13)
        let contents = Data(
            (0..<(ChatStore.attachmentChunkSize * 2 + 17)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let new = NewMessage(
            conversationID: conversation.id, sender: .me, text: "today's menu", sentAt: at(0), attachment: Self.picture)
        let sent = try store.append(new, attachmentContents: contents)
        #expect(sent.attachment?.byteCount == contents.count)
        #expect(try store.message(id: sent.id) == sent)
        #expect(try store.attachmentContents(messageID: sent.id) == contents)
        var chunks: [Int] = []
        try store.readAttachment(messageID: sent.id) { chunks.append($0.count) }
        #expect(chunks == [ChatStore.attachmentChunkSize, ChatStore.attachmentChunkSize, 17])
        let empty = try store.append(
            NewMessage(conversationID: conversation.id, sender: .me, text: "", sentAt: at(1), attachment: Self.picture),
            attachmentContents: Data())
        #expect(try store.attachmentContents(messageID: empty.id) == Data())
        #expect(
            try store.attachmentContents(
                messageID: try store.append(conversationID: conversation.id, sender: .me, text: "x", sentAt: at(2)).id)
                == nil)
    }

    @Test func aFileOverTheLimitIsRefusedAndNothingIsStored() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let new = NewMessage(
            conversationID: conversation.id, sender: .me, text: "", sentAt: at(0), attachment: Self.picture)
        #expect(
            throws: StoreError.attachmentTooLarge(
                fileName: "menu.png", byteCount: ChatStore.maximumAttachmentBytes + 1,
                limit: ChatStore.maximumAttachmentBytes)
        ) {
            try store.append(new, attachmentContents: Data(count: ChatStore.maximumAttachmentBytes + 1))
        }
        #expect(try store.messageCount(conversationID: conversation.id) == 0)
        #expect(
            StoreError.attachmentTooLarge(fileName: "a", byteCount: 1, limit: 25 << 20).description.contains("25 MiB"))
    }

    @Test func quotesAndEditsAreStored() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let original = try store.append(
            conversationID: conversation.id, sender: .them, text: "Dinner?\nAt 8", sentAt: at(0))
        let reply = try store.append(contentsOf: [
            NewMessage(
                conversationID: conversation.id, sender: .me, text: "Yes!", sentAt: at(5),
                quote: Quote(quoting: original))
        ])[0]
        #expect(
            try store.message(id: reply.id)?.quote == Quote(messageID: original.id, sender: .them, excerpt: "Dinner?"))
        let edited = try store.edit(messageID: reply.id, text: "Yes, at 8!", at: at(9))
        #expect(edited.text == "Yes, at 8!" && edited.editedAt == at(9) && edited.isEdited)
        #expect(try store.search("8", conversationID: conversation.id).map(\.message.id) == [reply.id, original.id])
        try store.delete(messageID: original.id, at: at(10))
        #expect(
            try store.message(id: reply.id)?.quote?.excerpt == "Dinner?", "a quote survives the original's deletion")
    }

    @Test func reactionsToggleAndListInOrder() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let message = try store.append(conversationID: conversation.id, sender: .them, text: "hi", sentAt: at(0))
        #expect(try store.react(messageID: message.id, emoji: "👍", sender: .me, at: at(1)).isPresent)
        #expect(try store.react(messageID: message.id, emoji: "❤️", sender: .them, at: at(2)).isPresent)
        #expect(try store.react(messageID: message.id, emoji: "👍", sender: .them, at: at(3), change: .add).isPresent)
        #expect(try store.react(messageID: message.id, emoji: "👍", sender: .them, at: at(4), change: .add).isPresent)
        let page = try store.latestPage(conversationID: conversation.id, limit: 10)
        #expect(
            page.messages[0].reactions.map { "\($0.sender.role.rawValue) \($0.emoji)" } == ["me 👍", "them ❤️", "them 👍"])
        let (toggled, present) = try store.react(messageID: message.id, emoji: "👍", sender: .me, at: at(5))
        #expect(!present && toggled.reactions.map(\.emoji) == ["❤️", "👍"])
        #expect(
            try store.react(messageID: message.id, emoji: "🎉", sender: .me, at: at(6), change: .remove).isPresent
                == false)
        #expect(throws: StoreError.messageNotFound(id: 999)) {
            try store.react(messageID: 999, emoji: "👍", sender: .me, at: at(7))
        }
    }

    /// Pages read reactions by a range of ids, or id by id when the page's ids are far
    /// apart; either way only the page's own messages get theirs.
    @Test(arguments: [3, 300])
    func reactionsStayWithTheirMessagesInInterleavedConversations(between: Int) throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let other = try store.createConversation(title: "busy", createdAt: at(0))
        let first = try store.append(conversationID: conversation.id, sender: .them, text: "a", sentAt: at(0))
        for index in 0..<between {
            let noise = try store.append(conversationID: other.id, sender: .them, text: "n", sentAt: at(Int64(index)))
            _ = try store.react(messageID: noise.id, emoji: "🔥", sender: .me, at: at(1))
        }
        let last = try store.append(conversationID: conversation.id, sender: .them, text: "b", sentAt: at(1))
        _ = try store.react(messageID: first.id, emoji: "👍", sender: .me, at: at(2))
        _ = try store.react(messageID: last.id, emoji: "❤️", sender: .me, at: at(3))
        let page = try store.latestPage(conversationID: conversation.id, limit: 10).messages
        #expect(page.map { $0.reactions.map(\.emoji) } == [["👍"], ["❤️"]])
    }

    @Test func aDeletionRemovesTheContentButKeepsThePlace() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let new = NewMessage(
            conversationID: conversation.id, sender: .me, text: "secret caption", sentAt: at(0),
            attachment: Self.picture)
        let message = try store.append(new, attachmentContents: Data("bytes".utf8))
        _ = try store.react(messageID: message.id, emoji: "👍", sender: .them, at: at(1))
        #expect(try store.search("menu", conversationID: conversation.id).count == 1, "file names are searchable")
        #expect(try store.search("caption", conversationID: conversation.id).count == 1, "captions are searchable")
        let deleted = try store.delete(messageID: message.id, at: at(2))
        #expect(
            deleted
                == Message(
                    id: message.id, conversationID: conversation.id, sender: .me, text: "", sentAt: at(0),
                    deletedAt: at(2)))
        #expect(try store.search("caption").isEmpty && store.search("menu").isEmpty)
        #expect(try store.attachmentContents(messageID: message.id) == nil)
        let leftovers = try store.dbQueue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT (SELECT count(*) FROM attachment_chunks) + (SELECT count(*) FROM reactions)")
        }
        #expect(leftovers == 0)
        #expect(throws: StoreError.messageDeleted(id: message.id)) {
            try store.edit(messageID: message.id, text: "x", at: at(3))
        }
        #expect(throws: StoreError.messageDeleted(id: message.id)) {
            try store.react(messageID: message.id, emoji: "👍", sender: .me, at: at(3))
        }
        #expect(try store.delete(messageID: message.id, at: at(4)).deletedAt == at(2), "deleting twice changes nothing")
    }

    @Test func theChangeLogNamesEachChangedMessageOnce() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let other = try store.createConversation(title: "other", createdAt: at(0))
        let first = try store.append(conversationID: conversation.id, sender: .me, text: "a", sentAt: at(0))
        let second = try store.append(conversationID: conversation.id, sender: .them, text: "b", sentAt: at(1))
        let elsewhere = try store.append(conversationID: other.id, sender: .me, text: "c", sentAt: at(1))
        let start = try store.latestChangeID(conversationID: conversation.id)
        #expect(try store.messagesChanged(conversationID: conversation.id, after: start).messages.isEmpty)
        try store.edit(messageID: first.id, text: "a2", at: at(2))
        _ = try store.react(messageID: second.id, emoji: "👍", sender: .me, at: at(3))
        _ = try store.react(messageID: second.id, emoji: "👍", sender: .me, at: at(4))
        try store.updateStatus(messageID: first.id, to: .read)
        try store.edit(messageID: elsewhere.id, text: "c2", at: at(5))
        let (changed, latest) = try store.messagesChanged(conversationID: conversation.id, after: start)
        #expect(changed.map(\.text) == ["a2", "b"])
        #expect(changed[0].status == .read && changed[1].reactions.isEmpty)
        #expect(try store.messagesChanged(conversationID: conversation.id, after: latest).messages.isEmpty)
        let bounded = try store.dbQueue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO message_changes (conversation_id, message_id) SELECT 1, 1 FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100005) SELECT i FROM n)"
            )
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM message_changes") ?? 0
        }
        #expect(bounded == 100_000, "the log keeps the newest 100 000 changes")
    }

    /// A database written before message kinds existed opens, reads its rows as plain text
    /// messages, and finds them by search.
    @Test func aVersion2DatabaseMigratesWithItsMessagesUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = try oldDatabase(
            upTo: "v2-conversation-participant", in: folder, texts: ("an old café message", "second"))
        let store = try ChatStore(path: path)
        let page = try store.latestPage(conversationID: 1, limit: 10)
        #expect(
            page.messages == [
                Message(
                    id: 1, conversationID: 1, sender: .them, text: "an old café message",
                    sentAt: Timestamp(millisecondsSince1970: 1000), status: .read),
                Message(
                    id: 2, conversationID: 1, sender: .me, text: "second",
                    sentAt: Timestamp(millisecondsSince1970: 2000)),
            ])
        #expect(try store.search("cafe").map(\.message.id) == [1])
        #expect(try store.react(messageID: 1, emoji: "👍", sender: .me, at: at(0)).isPresent)
    }
}
