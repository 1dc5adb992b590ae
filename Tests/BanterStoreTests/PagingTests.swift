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
            batch.append(
                NewMessage(
                    conversationID: conversation.id, sender: index.isMultiple(of: 3) ? .me : .them, text: "m\(index)",
                    sentAt: at(second)))
            batch.append(NewMessage(conversationID: other.id, sender: .them, text: "x\(index)", sentAt: at(second)))
        }
        let stored = try store.append(contentsOf: batch)
        let expected = stored.filter { $0.conversationID == conversation.id }.sorted(by: Message.chronological)
        return (store, conversation, expected)
    }

    @Test(arguments: [1, 7, 10, 64, 500])
    func pagingUpReturnsEveryMessageOnceInOrder(pageSize: Int) throws {
        let (store, conversation, expected) = try populatedStore()
        var page = try store.latestPage(conversationID: conversation.id, limit: pageSize)
        var collected = page.messages
        #expect(collected.count == min(pageSize, expected.count))
        while !page.reachedBeginning, let oldest = collected.first {
            page = try store.page(before: oldest, limit: pageSize)
            #expect(!page.messages.isEmpty, "a page that did not reach the beginning promised more")
            collected.insert(contentsOf: page.messages, at: 0)
        }
        #expect(collected == expected)
    }

    @Test(arguments: [1, 9, 10, 64, 230, 231])
    func cursorReturnsEveryMessageOnceInOrder(pageSize: Int) throws {
        let (store, conversation, expected) = try populatedStore()
        var cursor = store.cursor(conversationID: conversation.id, pageSize: pageSize)
        var collected: [Message] = []
        while let page = try cursor.next() {
            #expect(!page.isEmpty && page.count <= pageSize)
            collected += page
        }
        #expect(collected == expected)
        #expect(try cursor.next() == nil)
    }

    @Test("a page says whether it reached the beginning, exactly at the boundary too", arguments: [229, 230, 231])
    func reachedBeginning(limit: Int) throws {
        let (store, conversation, expected) = try populatedStore()
        let latest = try store.latestPage(conversationID: conversation.id, limit: limit)
        #expect(latest.reachedBeginning == (limit >= expected.count))
        #expect(latest.messages == Array(expected.suffix(limit)))
        let before = try store.page(before: expected[limit - 200], limit: limit - 200)
        #expect(before.reachedBeginning)
        #expect(before.messages == Array(expected.prefix(limit - 200)))
    }

    @Test func latestPageOfAnEmptyConversationIsEmptyAndAtTheBeginning() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let page = try store.latestPage(conversationID: conversation.id, limit: 50)
        #expect(page.messages.isEmpty && page.reachedBeginning)
        var cursor = store.cursor(conversationID: conversation.id)
        #expect(try cursor.next() == nil)
    }

    @Test func lastMessageFromASender() throws {
        let (store, conversation, expected) = try populatedStore()
        #expect(try store.lastMessage(conversationID: conversation.id, from: .me) == expected.last { $0.sender == .me })
        #expect(try store.lastMessage(conversationID: conversation.id, from: .system) == nil)
    }
}
