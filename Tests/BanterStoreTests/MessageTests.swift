import BanterCore
import BanterStore
import Testing

@Suite("Appending messages and their delivery status")
struct MessageTests {
    @Test func appendReturnsStoredMessagesWithIncreasingIDs() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let single = try store.append(
            conversationID: conversation.id, sender: .me, text: "one", sentAt: at(0), status: .sending)
        let batch = try store.append(
            contentsOf: (1...3).map {
                NewMessage(conversationID: conversation.id, sender: .them, text: "n\($0)", sentAt: at(Int64($0)))
            })
        #expect(batch.map(\.text) == ["n1", "n2", "n3"])
        #expect(zip([single] + batch, batch).allSatisfy { $0.id < $1.id })
        #expect(try store.message(id: single.id) == single)
        #expect(try store.message(id: batch[2].id) == batch[2])
        #expect(try store.messageCount(conversationID: conversation.id) == 4)
    }

    @Test func appendingToAMissingConversationFailsAndStoresNothing() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let batch = [
            NewMessage(conversationID: conversation.id, sender: .me, text: "fine", sentAt: at(0)),
            NewMessage(conversationID: 999, sender: .me, text: "nowhere", sentAt: at(1)),
        ]
        #expect(throws: StoreError.conversationNotFound(id: 999)) { try store.append(contentsOf: batch) }
        #expect(try store.messageCount(conversationID: conversation.id) == 0)
    }

    @Test func statusOnlyMovesForward() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let message = try store.append(
            conversationID: conversation.id, sender: .me, text: "hi", sentAt: at(0), status: .sending)

        #expect(try store.updateStatus(messageID: message.id, to: .delivered) == .delivered)
        #expect(try store.updateStatus(messageID: message.id, to: .sent) == .delivered)
        #expect(try store.message(id: message.id)?.status == .delivered)
        #expect(try store.updateStatus(messageID: message.id, to: .read) == .read)
        #expect(try store.updateStatus(messageID: message.id, to: .sending) == .read)
        #expect(try store.updateStatus(messageID: message.id, to: .read) == .read)
        #expect(try store.message(id: message.id)?.status == .read)
    }

    @Test func updatingAMissingMessageFails() throws {
        let (store, _) = try ChatStore.inMemoryWithConversation()
        #expect(throws: StoreError.messageNotFound(id: 42)) { try store.updateStatus(messageID: 42, to: .read) }
    }
}
