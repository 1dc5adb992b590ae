import BanterCore
import GRDB

extension ChatStore {
    /// The newest `limit` messages of a conversation: the first page a chat shows.
    public func latestPage(conversationID: Int64, limit: Int) throws(StoreError) -> MessagePage {
        try read("read the latest messages") { db in
            try Self.page(db, sql: MessageSQL.latest, arguments: [conversationID], limit: limit)
        }
    }

    /// The `limit` messages that come just before `message` in its conversation: the next
    /// page when scrolling up.
    public func page(before message: Message, limit: Int) throws(StoreError) -> MessagePage {
        try read("read older messages") { db in
            try Self.page(
                db, sql: MessageSQL.before,
                arguments: [message.conversationID, message.sentAt.millisecondsSince1970, message.id], limit: limit)
        }
    }

    /// A cursor over the whole conversation, oldest message first, `pageSize` at a time.
    public func cursor(conversationID: Int64, pageSize: Int = 1000) -> ConversationCursor {
        ConversationCursor(store: self, conversationID: conversationID, pageSize: pageSize)
    }

    /// A cursor over a stretch of a conversation (`banter replay --from/--to`, `banter
    /// scenario --range`), oldest first: the first page starts at the stretch's first message,
    /// one range scan of the paging index, so a stretch deep in a long history starts at once.
    /// A bound naming a message of another conversation (or none) is `.messageNotFound`;
    /// a stretch whose end comes before its start holds no messages.
    package func cursor(conversationID: Int64, stretch: ConversationStretch, pageSize: Int = 1000) throws(StoreError)
        -> ConversationCursor
    {
        func position(of id: Int64) throws(StoreError) -> (sentAt: Int64, id: Int64) {
            guard let message = try message(id: id), message.conversationID == conversationID else {
                throw .messageNotFound(id: id)
            }
            return (message.sentAt.millisecondsSince1970, message.id)
        }
        var start: (sentAt: Int64, id: Int64)?
        switch stretch.from {
        case nil: start = nil
        case .message(let id)?:
            let found = try position(of: id)
            start = (found.sentAt, found.id - 1)
        case .time(let first, _, _)?: start = (first.millisecondsSince1970 - 1, Int64.max)
        }
        var end: (sentAt: Int64, id: Int64)?
        switch stretch.to {
        case nil: end = nil
        case .message(let id)?: end = try position(of: id)
        case .time(_, let last, _)?: end = (last.millisecondsSince1970 - 1, Int64.max)
        }
        return ConversationCursor(
            store: self, conversationID: conversationID, pageSize: pageSize, after: start, through: end)
    }

    /// The newest message `sender` wrote in a conversation, if any: the one a transcript
    /// shows the delivery status under (for `.me`), known before the transcript is read.
    public func lastMessage(conversationID: Int64, from sender: Sender) throws(StoreError) -> Message? {
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
    public func messages(conversationID: Int64, insertedAfter id: Int64, limit: Int) throws(StoreError) -> [Message] {
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
