import BanterCore
import GRDB
import Testing

@testable import BanterStore

/// The read marker moves only forward in layout order (time, then id), in every store.
@Suite("Read marker")
struct ReadMarkerTests {
    static func marker(_ store: ChatStore, _ conversationID: Int64) throws -> Int64? {
        try store.dbQueue.inDatabase { db in
            try Int64.fetchOne(
                db, sql: "SELECT last_read_message_id FROM conversations WHERE id = ?", arguments: [conversationID])
        }
    }

    @Test(arguments: [false, true])
    func movesOnlyForwardInLayoutOrder(reused: Bool) throws {
        let store = reused ? try InMemoryTemplate().makeReusedStore() : try ChatStore(path: ":memory:")
        let conversation = try store.createConversation(title: "c", createdAt: at(0))
        let messages = try store.append(contentsOf: [
            NewMessage(conversationID: conversation.id, sender: .them, text: "one", sentAt: at(10)),
            NewMessage(conversationID: conversation.id, sender: .them, text: "same time, later id", sentAt: at(10)),
            NewMessage(conversationID: conversation.id, sender: .them, text: "earlier, inserted last", sentAt: at(5)),
        ])
        #expect(try Self.marker(store, conversation.id) == nil)
        try store.markRead(upTo: messages[1])
        #expect(try Self.marker(store, conversation.id) == messages[1].id)
        try store.markRead(upTo: messages[0])
        try store.markRead(upTo: messages[2])
        try store.markRead(upTo: messages[1])
        #expect(try Self.marker(store, conversation.id) == messages[1].id, "not back, not to itself")

        // A marker whose message is gone is behind any message.
        try store.dbQueue.inDatabase { db in
            try db.execute(sql: "DELETE FROM messages WHERE id = ?", arguments: [messages[1].id])
        }
        try store.markRead(upTo: messages[2])
        #expect(try Self.marker(store, conversation.id) == messages[2].id)
    }

    @Test func aMissingConversationIsAnError() throws {
        let store = try ChatStore(path: ":memory:")
        let conversation = try store.createConversation(title: "c", createdAt: at(0))
        let message = try store.append(conversationID: conversation.id, sender: .them, text: "hi", sentAt: at(1))
        var elsewhere = message
        elsewhere.conversationID = 42
        #expect(throws: StoreError.conversationNotFound(id: 42)) { try store.markRead(upTo: elsewhere) }
        try store.markRead(upTo: message)
        // Marking the same message again changes nothing and is no error.
        try store.markRead(upTo: message)
    }
}
