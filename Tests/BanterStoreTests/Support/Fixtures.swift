import BanterCore
import BanterStore

/// A fixed instant, so tests never depend on the wall clock.
let referenceTime = Timestamp(millisecondsSince1970: 1_763_650_800_000)

/// `referenceTime` shifted by `seconds`.
func at(_ seconds: Int64) -> Timestamp {
    Timestamp(millisecondsSince1970: referenceTime.millisecondsSince1970 + seconds * 1000)
}

extension ChatStore {
    /// A new in-memory store with one conversation titled "chat".
    static func inMemoryWithConversation() throws -> (ChatStore, Conversation) {
        let store = try ChatStore(path: ":memory:")
        let conversation = try store.createConversation(title: "chat", createdAt: referenceTime)
        return (store, conversation)
    }
}
