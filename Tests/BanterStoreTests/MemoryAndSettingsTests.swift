import BanterCore
import Testing

@testable import BanterStore

@Suite("Bot memory and settings")
struct MemoryAndSettingsTests {
    @Test func memoryRoundTripsPerConversationAndBot() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let other = try store.createConversation(title: "other", createdAt: referenceTime)
        try store.setMemoryValue("1", conversationID: conversation.id, bot: "Alisha", key: "count")
        try store.setMemoryValue(
            #"{"name":"Zoë","tags":["🌹"]}"#, conversationID: conversation.id, bot: "Alisha", key: "profile")
        try store.setMemoryValue("\"other bot\"", conversationID: conversation.id, bot: "Echo", key: "count")
        try store.setMemoryValue("99", conversationID: other.id, bot: "Alisha", key: "count")
        try store.setMemoryValue("2", conversationID: conversation.id, bot: "Alisha", key: "count")

        #expect(try store.memoryValue(conversationID: conversation.id, bot: "Alisha", key: "count") == "2")
        #expect(
            try store.allMemory(conversationID: conversation.id, bot: "Alisha") == [
                "count": "2", "profile": #"{"name":"Zoë","tags":["🌹"]}"#,
            ])
        #expect(try store.allMemory(conversationID: other.id, bot: "Alisha") == ["count": "99"])
        #expect(try store.memoryValue(conversationID: conversation.id, bot: "Alisha", key: "missing") == nil)
    }

    @Test func nilForgetsAMemoryValue() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.setMemoryValue("true", conversationID: conversation.id, bot: "Alisha", key: "greeted")
        try store.setMemoryValue(nil, conversationID: conversation.id, bot: "Alisha", key: "greeted")
        #expect(try store.memoryValue(conversationID: conversation.id, bot: "Alisha", key: "greeted") == nil)
        #expect(try store.allMemory(conversationID: conversation.id, bot: "Alisha").isEmpty)
    }

    @Test func invalidJSONIsRefused() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.setMemoryValue("1", conversationID: conversation.id, bot: "Alisha", key: "count")
        #expect(throws: StoreError.invalidMemoryValue(bot: "Alisha", key: "count")) {
            try store.setMemoryValue("{not json", conversationID: conversation.id, bot: "Alisha", key: "count")
        }
        #expect(try store.memoryValue(conversationID: conversation.id, bot: "Alisha", key: "count") == "1")
    }

    @Test func memoryOfAMissingConversationIsRefused() throws {
        let store = try ChatStore(path: ":memory:")
        #expect(throws: StoreError.conversationNotFound(id: 7)) {
            try store.setMemoryValue("1", conversationID: 7, bot: "Alisha", key: "count")
        }
    }

    @Test func aRefusedSaveLeavesTheNextOneWorking() throws {
        // A save's statements stay prepared (`HotStatements`); one whose run failed is
        // prepared again. In a plain store, and in a reused scenario store, where a write
        // of one statement runs without a savepoint of its own.
        for store in [try ChatStore(path: ":memory:"), try InMemoryTemplate().makeReusedStore()] {
            let conversation = try store.createConversation(title: "chat", createdAt: referenceTime)
            let missing = conversation.id + 100
            #expect(throws: StoreError.conversationNotFound(id: missing)) {
                try store.setMemoryValue("1", conversationID: missing, bot: "Alisha", key: "count")
            }
            #expect(throws: StoreError.invalidMemoryValue(bot: "Alisha", key: "count")) {
                try store.setMemoryValue("{", conversationID: conversation.id, bot: "Alisha", key: "count")
            }
            try store.setMemoryValue("2", conversationID: conversation.id, bot: "Alisha", key: "count")
            #expect(try store.allMemory(conversationID: conversation.id, bot: "Alisha") == ["count": "2"])
            #expect(try store.allMemory(conversationID: missing, bot: "Alisha").isEmpty)
            #expect(throws: StoreError.messageNotFound(id: 999)) { try store.updateStatus(messageID: 999, to: .read) }
            let message = try store.append(
                conversationID: conversation.id, sender: .me, text: "hi", sentAt: referenceTime, status: .sent)
            #expect(try store.updateStatus(messageID: message.id, to: .read) == .read)
            #expect(try store.updateStatus(messageID: message.id, to: .delivered) == .read)
        }
    }

    /// What one handler changed is saved all or none: a refused value leaves the keys saved
    /// with it as they were, in a plain store and in a reused scenario store.
    @Test func keysSavedTogetherLandAllOrNone() throws {
        for store in [try ChatStore(path: ":memory:"), try InMemoryTemplate().makeReusedStore()] {
            let conversation = try store.createConversation(title: "chat", createdAt: referenceTime)
            try store.setMemoryValues([("name", #""Sam""#), ("count", "1")], conversationID: conversation.id, bot: "A")
            #expect(throws: StoreError.invalidMemoryValue(bot: "A", key: "likes")) {
                try store.setMemoryValues(
                    [("name", #""Bob""#), ("count", nil), ("likes", "[")], conversationID: conversation.id, bot: "A")
            }
            #expect(
                try store.allMemory(conversationID: conversation.id, bot: "A") == ["name": #""Sam""#, "count": "1"])
            try store.setMemoryValues([("name", #""Bob""#), ("count", nil)], conversationID: conversation.id, bot: "A")
            #expect(try store.allMemory(conversationID: conversation.id, bot: "A") == ["name": #""Bob""#])
        }
    }

    @Test func memoryGoesWithItsConversation() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.setMemoryValue("1", conversationID: conversation.id, bot: "Alisha", key: "count")
        try store.deleteConversation(id: conversation.id)
        #expect(try store.allMemory(conversationID: conversation.id, bot: "Alisha").isEmpty)
    }

    @Test func settingsRoundTrip() throws {
        let store = try ChatStore(path: ":memory:")
        #expect(try store.setting("theme") == nil)
        try store.setSetting("dark", forKey: "theme")
        try store.setSetting("light", forKey: "theme")
        try store.setSetting("legacy", forKey: "width")
        #expect(try store.setting("theme") == "light")
        #expect(try store.setting("width") == "legacy")
        try store.setSetting(nil, forKey: "theme")
        #expect(try store.setting("theme") == nil)
    }
}
