import BanterCore
import Testing

@testable import BanterStore

@Suite("Conversations")
struct ConversationTests {
    @Test func createAndLookUp() throws {
        let store = try ChatStore(path: ":memory:")
        let created = try store.createConversation(
            title: "alisha", botScriptPath: "alisha.lua", createdAt: referenceTime)
        #expect(try store.conversation(titled: "alisha") == created)
        #expect(try store.conversation(id: created.id) == created)
        #expect(try store.conversation(titled: "Alisha") == nil)
        #expect(created.rules == GroupingRules())
    }

    @Test("open or create: the first call creates, every later one opens the same conversation")
    func openOrCreate() throws {
        let store = try ChatStore(path: ":memory:")
        let first = try store.openOrCreateConversation(title: "new", botScriptPath: "a.lua", createdAt: referenceTime)
        #expect(first.created)
        let second = try store.openOrCreateConversation(
            title: "new", botScriptPath: "other.lua", createdAt: referenceTime)
        #expect(!second.created)
        #expect(second.conversation == first.conversation)
        #expect(second.conversation.botScriptPath == "a.lua")
    }

    @Test("a conversation is only taken back while nobody has written to it")
    func deleteIfEmpty() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.append(conversationID: conversation.id, sender: .me, text: "hi", sentAt: referenceTime)
        #expect(try store.deleteConversationIfEmpty(id: conversation.id) == false)
        #expect(try store.conversation(id: conversation.id) != nil)
        let empty = try store.createConversation(title: "empty", createdAt: referenceTime)
        #expect(try store.deleteConversationIfEmpty(id: empty.id))
        #expect(try store.conversation(id: empty.id) == nil)
    }

    @Test func titlesAreUnique() throws {
        let store = try ChatStore(path: ":memory:")
        _ = try store.createConversation(title: "alisha", createdAt: referenceTime)
        let other = try store.createConversation(title: "bob", createdAt: referenceTime)
        #expect(throws: StoreError.conversationTitleTaken(title: "alisha")) {
            try store.createConversation(title: "alisha", createdAt: referenceTime)
        }
        #expect(throws: StoreError.conversationTitleTaken(title: "alisha")) {
            try store.renameConversation(id: other.id, to: "alisha")
        }
        try store.renameConversation(id: other.id, to: "robert")
        #expect(try store.conversation(id: other.id)?.title == "robert")
    }

    @Test func rulesAndBotScriptCanChange() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let rules = GroupingRules(sectionGap: .milliseconds(1_500), clusterGap: .seconds(90), headerPattern: "{day}")
        try store.updateRules(rules, conversationID: conversation.id)
        try store.updateBotScript("bots/echo.lua", conversationID: conversation.id)
        var updated = try #require(try store.conversation(id: conversation.id))
        #expect(updated.rules == rules)
        #expect(updated.botScriptPath == "bots/echo.lua")
        try store.updateBotScript(nil, conversationID: conversation.id)
        updated = try #require(try store.conversation(id: conversation.id))
        #expect(updated.botScriptPath == nil)
        #expect(throws: StoreError.conversationNotFound(id: 404)) { try store.updateRules(rules, conversationID: 404) }
    }

    @Test func deletingRemovesMessages() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let message = try store.append(conversationID: conversation.id, sender: .me, text: "bye", sentAt: at(0))
        try store.deleteConversation(id: conversation.id)
        #expect(try store.conversation(id: conversation.id) == nil)
        #expect(try store.message(id: message.id) == nil)
        #expect(throws: StoreError.conversationNotFound(id: conversation.id)) {
            try store.deleteConversation(id: conversation.id)
        }
    }

    @Test func summariesShowLastMessageAndUnreadReceivedMessages() throws {
        let store = try ChatStore(path: ":memory:")
        let quiet = try store.createConversation(title: "quiet", createdAt: at(50))
        let busy = try store.createConversation(title: "busy", createdAt: at(0))
        let messages = try store.append(contentsOf: [
            NewMessage(conversationID: busy.id, sender: .them, text: "one", sentAt: at(100)),
            NewMessage(conversationID: busy.id, sender: .me, text: "two", sentAt: at(101)),
            NewMessage(conversationID: busy.id, sender: .them, text: "three", sentAt: at(102)),
            NewMessage(conversationID: busy.id, sender: .system, text: "note", sentAt: at(102)),
            NewMessage(conversationID: busy.id, sender: .them, text: "older but inserted last", sentAt: at(10)),
        ])

        var summaries = try store.conversationSummaries()
        #expect(summaries.map(\.conversation.title) == ["busy", "quiet"])
        #expect(summaries[0].lastMessage == messages[3])
        #expect(summaries[0].unreadCount == 3)
        #expect(summaries[1] == ConversationSummary(conversation: quiet, lastMessage: nil, unreadCount: 0))

        try store.markRead(upTo: messages[0])
        #expect(try store.conversationSummaries()[0].unreadCount == 1)
        try store.markRead(upTo: messages[4])
        summaries = try store.conversationSummaries()
        #expect(summaries[0].unreadCount == 1, "marking an older message read does not move the marker back")
        try store.markRead(upTo: messages[3])
        #expect(try store.conversationSummaries()[0].unreadCount == 0)
    }

    @Test func mostRecentlyActiveConversationAgreesWithTheSummaries() throws {
        let store = try ChatStore(path: ":memory:")
        #expect(try store.mostRecentlyActiveConversation() == nil)
        let old = try store.createConversation(title: "old", createdAt: at(0))
        let fresh = try store.createConversation(title: "fresh", createdAt: at(50))
        #expect(try store.mostRecentlyActiveConversation() == fresh, "without messages, the newest created")

        try store.append(conversationID: old.id, sender: .them, text: "hello", sentAt: at(60))
        #expect(try store.mostRecentlyActiveConversation() == old)
        #expect(try store.conversationSummaries().first?.conversation == old)

        try store.append(conversationID: fresh.id, sender: .me, text: "older, inserted later", sentAt: at(55))
        #expect(try store.mostRecentlyActiveConversation() == old, "by message time, not insertion order")
        #expect(try store.conversationSummaries().first?.conversation == old)
    }

    @Test func participantIsRememberedAndForgotten() throws {
        let store = try ChatStore(path: ":memory:")
        let conversation = try store.createConversation(title: "alisha", createdAt: at(0))
        #expect(conversation.participant == nil)
        let alisha = Participant(name: "Alisha", initial: "A", color: "#F25967")
        try store.updateParticipant(alisha, conversationID: conversation.id)
        #expect(try store.conversation(id: conversation.id)?.participant == alisha)
        try store.updateParticipant(nil, conversationID: conversation.id)
        #expect(try store.conversation(titled: "alisha")?.participant == nil)
        #expect(throws: StoreError.conversationNotFound(id: 999)) {
            try store.updateParticipant(alisha, conversationID: 999)
        }
    }
}
