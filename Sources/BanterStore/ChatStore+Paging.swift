import BanterCore
import GRDB

extension ChatStore {
    /// The newest `limit` messages of a conversation, in chronological order: the first page
    /// a chat shows.
    public func latestMessages(conversationID: Int64, limit: Int) throws(StoreError) -> [Message] {
        try read("read the latest messages") { db in
            try Self.fetchMessages(db, sql: MessageSQL.latest, arguments: [conversationID, limit]).reversed()
        }
    }

    /// The `limit` messages that come just before `message` in its conversation, in
    /// chronological order: the next page when scrolling up.
    public func messages(before message: Message, limit: Int) throws(StoreError) -> [Message] {
        try read("read older messages") { db in
            try Self.fetchMessages(db, sql: MessageSQL.before, arguments: Self.position(message, limit: limit))
                .reversed()
        }
    }

    /// The `limit` messages that come just after `message` in its conversation, in
    /// chronological order: how a stored transcript is read from its first message on.
    public func messages(after message: Message, limit: Int) throws(StoreError) -> [Message] {
        try read("read newer messages") { db in
            try Self.fetchMessages(db, sql: MessageSQL.after, arguments: Self.position(message, limit: limit))
        }
    }

    /// The `limit` messages of a conversation inserted after the message with id `id`, in
    /// insertion order: how a session picks up what another process wrote, including
    /// messages whose time is earlier than the newest one it already shows.
    public func messages(conversationID: Int64, insertedAfter id: Int64, limit: Int) throws(StoreError) -> [Message] {
        try read("read new messages") { db in
            try Self.fetchMessages(db, sql: MessageSQL.insertedAfter, arguments: [conversationID, id, limit])
        }
    }

    private static func position(_ message: Message, limit: Int) -> StatementArguments {
        [message.conversationID, message.sentAt.millisecondsSince1970, message.id, limit]
    }

    private static func fetchMessages(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Message] {
        try MessageRecord.fetchAll(db, sql: sql, arguments: arguments).map(\.message)
    }
}
