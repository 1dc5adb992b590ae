import BanterCore
import GRDB

extension ChatStore {
    /// The newest `limit` messages of a conversation: the first page a chat shows.
    package func latestPage(conversationID: Int64, limit: Int) throws(StoreError) -> MessagePage {
        try read("read the latest messages") { db in
            try Self.page(db, sql: MessageSQL.latest, arguments: [conversationID], limit: limit)
        }
    }

    /// The `limit` messages that come just before `message` in its conversation: the next
    /// page when scrolling up.
    package func page(before message: Message, limit: Int) throws(StoreError) -> MessagePage {
        try read("read older messages") { db in
            try Self.page(
                db, sql: MessageSQL.before,
                arguments: [message.conversationID, message.sentAt.millisecondsSince1970, message.id], limit: limit)
        }
    }

    /// A cursor over the whole conversation, oldest message first, `pageSize` at a time.
    package func cursor(conversationID: Int64, pageSize: Int = 1000) -> ConversationCursor {
        ConversationCursor(store: self, conversationID: conversationID, pageSize: pageSize)
    }

    /// The newest message `sender` wrote in a conversation, if any: the one a transcript
    /// shows the delivery status under (for `.me`), known before the transcript is read.
    package func lastMessage(conversationID: Int64, from sender: Sender) throws(StoreError) -> Message? {
        try read("find the last message sent") { db in
            try Self.fetchMessages(
                db, sql: MessageSQL.latestFromSender,
                arguments: [conversationID, sender.role.rawValue, sender.participant]
            )
            .first
        }
    }

    /// The `limit` messages of a conversation inserted after the message with id `id`, in
    /// insertion order: how a session picks up what another process wrote, including
    /// messages whose time is earlier than the newest one it already shows.
    package func messages(conversationID: Int64, insertedAfter id: Int64, limit: Int) throws(StoreError) -> [Message] {
        try read("read new messages") { db in
            try Self.fetchMessages(db, sql: MessageSQL.insertedAfter, arguments: [conversationID, id, limit])
        }
    }

    /// Up to `limit` messages after a position in layout order (from the first message when
    /// nil), oldest first: one step of `ConversationCursor`.
    func messages(conversationID: Int64, after position: (sentAt: Int64, id: Int64)?, limit: Int) throws(StoreError)
        -> [Message]
    {
        try read("read the conversation") { db in
            guard let position else {
                return try Self.fetchMessages(db, sql: MessageSQL.first, arguments: [conversationID, limit])
            }
            return try Self.fetchMessages(
                db, sql: MessageSQL.after, arguments: [conversationID, position.sentAt, position.id, limit])
        }
    }

    /// One page read newest first with one message more than asked: that extra message is
    /// how the page knows whether anything older exists.
    private static func page(_ db: Database, sql: String, arguments: StatementArguments, limit: Int) throws
        -> MessagePage
    {
        let limit = max(limit, 0)
        let newestFirst = try fetchMessages(db, sql: sql, arguments: arguments + [limit + 1])
        return MessagePage(messages: newestFirst.prefix(limit).reversed(), reachedBeginning: newestFirst.count <= limit)
    }
}
