import BanterCore
import BanterStore

/// Opening the database and choosing the conversation, for the commands that read a stored
/// conversation without chatting (`render`, `export`).
enum StoredConversation {
    /// Why no conversation could be chosen; printed as one line.
    struct NotFound: Error, CustomStringConvertible {
        var description: String
    }

    /// The conversation titled `title`, else the most recently active one.
    static func find(_ title: String?, in store: ChatStore) throws -> Conversation {
        if let title {
            guard let found = try store.conversation(titled: title) else {
                throw NotFound(description: "there is no conversation named \"\(title)\" in \(store.path) (banter chat --conversation \(title) creates it)")
            }
            return found
        }
        guard let found = try store.mostRecentlyActiveConversation() else {
            throw NotFound(description: "there are no conversations in \(store.path)")
        }
        return found
    }
}
