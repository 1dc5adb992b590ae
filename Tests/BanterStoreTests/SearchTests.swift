import BanterCore
import Testing

@testable import BanterStore

@Suite("Full-text search")
struct SearchTests {
    @Test func diacriticsAreIgnoredBothWays() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let accented = try store.append(
            conversationID: conversation.id, sender: .me, text: "Un café au lait", sentAt: at(0))
        let plain = try store.append(conversationID: conversation.id, sender: .them, text: "CAFE noir", sentAt: at(1))
        #expect(try store.search("cafe").map(\.message) == [plain, accented])
        #expect(try store.search("café").map(\.message) == [plain, accented])
        #expect(try store.search("Naïve").isEmpty)
    }

    @Test func messagesWithEmojiAreFoundByTheirWords() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let text = "You matched🌹with Alisha 👨‍👩‍👧 🇫🇷 👍🏽 ☕️ great"
        let message = try store.append(conversationID: conversation.id, sender: .system, text: text, sentAt: at(0))
        for word in ["matched", "with", "alisha", "great", "matched🌹with"] {
            #expect(try store.search(word).map(\.message) == [message], "searching \(word)")
        }
        #expect(try store.search("👨‍👩‍👧").isEmpty)
        #expect(try store.search("🌹 🇫🇷").isEmpty)
    }

    @Test(arguments: [
        "\"foo", "AND", "foo AND", "NEAR(foo bar)", "foo*", "-foo", "a:b", ")", "\"", "^foo", "OR NOT", "{col}: x",
    ])
    func queriesAreTakenLiterally(query: String) throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.append(conversationID: conversation.id, sender: .me, text: "foo and bar", sentAt: at(0))
        _ = try store.search(query)
    }

    @Test func operatorWordsAreSearchedAsWords() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let message = try store.append(
            conversationID: conversation.id, sender: .me, text: "this AND that", sentAt: at(0))
        try store.append(conversationID: conversation.id, sender: .me, text: "this or that", sentAt: at(1))
        #expect(try store.search("and").map(\.message) == [message])
        #expect(try store.search("\"this AND").map(\.message) == [message])
    }

    @Test func allWordsMustMatch() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let both = try store.append(conversationID: conversation.id, sender: .me, text: "red green", sentAt: at(0))
        try store.append(conversationID: conversation.id, sender: .me, text: "red blue", sentAt: at(1))
        #expect(try store.search("green red").map(\.message) == [both])
    }

    @Test func searchCanBeLimitedToOneConversation() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let other = try store.createConversation(title: "other", createdAt: referenceTime)
        let here = try store.append(conversationID: conversation.id, sender: .me, text: "hello here", sentAt: at(0))
        let there = try store.append(conversationID: other.id, sender: .me, text: "hello there", sentAt: at(1))
        #expect(try store.search("hello").map(\.message) == [there, here])
        #expect(try store.search("hello", conversationID: conversation.id).map(\.message) == [here])
        #expect(try store.search("hello", limit: 1).map(\.message) == [there])
    }

    @Test func hitsCarryTheMatchedRanges() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.append(
            conversationID: conversation.id, sender: .me, text: "🌹 Café? yes, the CAFE café", sentAt: at(0))
        let hit = try #require(try store.search("cafe").first)
        #expect(hit.matches.map { String(hit.message.text[$0]) } == ["Café", "CAFE", "café"])
    }

    @Test func deletedConversationsLeaveTheIndex() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.append(conversationID: conversation.id, sender: .me, text: "ephemeral words", sentAt: at(0))
        try store.deleteConversation(id: conversation.id)
        #expect(try store.search("ephemeral").isEmpty)
    }
}
