import ArgumentParser
import BanterConfig
import BanterCore
import BanterStore
import Foundation

/// The options of the commands that read a stored conversation without chatting (`render`,
/// `export`): which database, which conversation (default: the most recently active one),
/// and the time zone headers are shown in.
struct StoredConversationOptions: ParsableArguments {
    @OptionGroup var conversation: ConversationOption
    @OptionGroup var database: DatabaseOption
    @OptionGroup var timeZone: TimeZoneOption

    /// Opens the database (`--db` resolved in `settings`), finds the conversation and runs
    /// `body` with both; a failure in any of these ends the command with one line. The
    /// commands resolve their other options first, so that a bad option is reported before
    /// the database is looked at.
    func withConversation<Value>(
        in settings: Settings, _ body: (ChatStore, Conversation) throws -> Value
    ) throws -> Value {
        try Self.withConversation(titled: conversation.conversation, at: try database.path(in: settings), body)
    }

    /// Opens the database at `path` and finds the conversation `title` (nil: the most
    /// recently active one) for `body`, as above: for a command that names the conversation
    /// with an option of its own (`banter scenario --from-conversation`).
    static func withConversation<Value>(
        titled title: String?, at path: String, _ body: (ChatStore, Conversation) throws -> Value
    ) throws -> Value {
        try Diagnostics.exitOnFailure {
            let (store, found) = try open(path: path, title: title)
            return try body(store, found)
        }
    }

    /// Opens the database read-only (these commands never write: one connection, nothing
    /// written, so they start at once) and finds the conversation; errors are one line.
    /// A database that does not exist is an error, not a new empty file: a mistyped `--db`
    /// should say so rather than "no conversations", and reading leaves nothing behind.
    private static func open(path: String, title: String?) throws -> (ChatStore, Conversation) {
        if path != ":memory:", access(path, F_OK) != 0 {
            throw Diagnostics.Failure(
                "there is no database at \(path): banter chat creates one; choose another with --db or BANTER_DB")
        }
        let store = try ChatStore(path: path, access: .readOnly)
        return (store, try find(title, in: store))
    }

    /// The conversation named by `--conversation`, else the most recently active one.
    private static func find(_ title: String?, in store: ChatStore) throws -> Conversation {
        if let conversation = title {
            guard let found = try store.conversation(titled: conversation) else {
                throw Diagnostics.Failure(
                    "there is no conversation named \"\(conversation)\" in \(store.path) (banter chat --conversation \(conversation) creates it)"
                )
            }
            return found
        }
        guard let found = try store.mostRecentlyActiveConversation() else {
            throw Diagnostics.Failure("there are no conversations in \(store.path)")
        }
        return found
    }
}
