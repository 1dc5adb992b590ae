import BanterCore
import BanterStore
import Testing

@Suite("Keyset paging")
struct PagingTests {
    /// 230 messages in a conversation, ten per timestamp, inserted out of time order, with
    /// another conversation's messages interleaved.
    private func populatedStore() throws -> (ChatStore, Conversation, expected: [Message]) {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let other = try store.createConversation(title: "other", createdAt: referenceTime)
        let seconds = (0..<230).map { Int64($0 / 10) }
        var batch: [NewMessage] = []
        for (index, second) in seconds.enumerated().reversed() {
            batch.append(NewMessage(conversationID: conversation.id, sender: index.isMultiple(of: 3) ? .me : .them, text: "m\(index)", sentAt: at(second)))
            batch.append(NewMessage(conversationID: other.id, sender: .them, text: "x\(index)", sentAt: at(second)))
        }
        let stored = try store.append(contentsOf: batch)
        let expected = stored.filter { $0.conversationID == conversation.id }.sorted(by: Message.chronological)
        return (store, conversation, expected)
    }

    @Test(arguments: [1, 7, 10, 64, 500])
    func pagingUpReturnsEveryMessageOnceInOrder(pageSize: Int) throws {
        let (store, conversation, expected) = try populatedStore()
        var collected = try store.latestMessages(conversationID: conversation.id, limit: pageSize)
        #expect(collected.count == min(pageSize, expected.count))
        while let oldest = collected.first {
            let page = try store.messages(before: oldest, limit: pageSize)
            #expect(page == page.sorted(by: Message.chronological))
            if page.isEmpty { break }
            collected.insert(contentsOf: page, at: 0)
        }
        #expect(collected == expected)
    }

    @Test(arguments: [1, 9, 64])
    func pagingDownReturnsEveryMessageOnceInOrder(pageSize: Int) throws {
        let (store, _, expected) = try populatedStore()
        var collected = [expected[0]]
        while let newest = collected.last {
            let page = try store.messages(after: newest, limit: pageSize)
            if page.isEmpty { break }
            collected.append(contentsOf: page)
        }
        #expect(collected == expected)
    }

    @Test func latestMessagesOfAnEmptyConversationIsEmpty() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        #expect(try store.latestMessages(conversationID: conversation.id, limit: 50).isEmpty)
    }
}
