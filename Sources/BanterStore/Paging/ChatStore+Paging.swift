import BanterCore
import GRDB

extension ChatStore {
    /// The newest `limit` messages of a conversation's current branch: the first page a chat
    /// shows.
    package func latestPage(conversationID: Int64, limit: Int) throws(StoreError) -> MessagePage {
        try read("read the latest messages") { db in
            try Self.page(db, path: BranchPath.current(db, conversationID: conversationID), before: nil, limit: limit)
        }
    }

    /// The `limit` messages that come just before `message` on its conversation's current
    /// branch: the next page when scrolling up.
    package func page(before message: Message, limit: Int) throws(StoreError) -> MessagePage {
        try read("read older messages") { db in
            try Self.page(
                db, path: BranchPath.current(db, conversationID: message.conversationID),
                before: (message.sentAt.millisecondsSince1970, message.id), limit: limit)
        }
    }

    /// A cursor over the conversation's current branch (or, with `allBranches`, every
    /// message of every branch: the tree a JSON Lines export keeps), oldest message first,
    /// `pageSize` at a time.
    package func cursor(conversationID: Int64, pageSize: Int = 1000, allBranches: Bool = false) -> ConversationCursor {
        ConversationCursor(store: self, conversationID: conversationID, pageSize: pageSize, allBranches: allBranches)
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
            store: self, conversationID: conversationID, pageSize: pageSize, allBranches: false, after: start,
            through: end)
    }

    /// The newest message `sender` wrote on a conversation's current branch, if any: the one
    /// a transcript shows the delivery status under (for `.me`), known before the
    /// transcript is read.
    package func lastMessage(conversationID: Int64, from sender: Sender) throws(StoreError) -> Message? {
        try read("find the last message sent") { db in
            try BranchPath.current(db, conversationID: conversationID).newest(
                db, before: nil, limit: 1, from: sender
            )
            .first
        }
    }

    /// The `limit` messages of a conversation's current branch inserted after the message
    /// with id `id`, in insertion order: how a session picks up what another process wrote,
    /// including messages whose time is earlier than the newest one it already shows. New
    /// messages only ever extend a branch's own lane (the lanes it shares end at older ids).
    package func messages(conversationID: Int64, insertedAfter id: Int64, limit: Int) throws(StoreError) -> [Message] {
        try read("read new messages") { db in
            let lane = try BranchPath.current(db, conversationID: conversationID).lane
            return try Self.fetchMessages(
                db, sql: MessageSQL.insertedAfter, arguments: [conversationID, id, lane, limit])
        }
    }

    /// Up to `limit` messages after a position in layout order (from the first message when
    /// nil), oldest first: one step of `ConversationCursor`.
    func messages(
        conversationID: Int64, after position: (sentAt: Int64, id: Int64)?, limit: Int, allBranches: Bool
    ) throws(StoreError) -> [Message] {
        try read("read the conversation") { db in
            guard allBranches else {
                return try BranchPath.current(db, conversationID: conversationID).oldest(
                    db, after: position, limit: limit)
            }
            let lower = position ?? (.min, .min)
            return try Self.fetchMessages(
                db, sql: MessageSQL.after, arguments: [conversationID, lower.sentAt, lower.id, limit])
        }
    }

    /// One page read newest first with one message more than asked: that extra message is
    /// how the page knows whether anything older exists.
    private static func page(
        _ db: Database, path: BranchPath, before position: (sentAt: Int64, id: Int64)?, limit: Int
    ) throws -> MessagePage {
        let limit = max(limit, 0)
        let newestFirst = try path.newest(db, before: position, limit: limit + 1)
        return MessagePage(messages: newestFirst.prefix(limit).reversed(), reachedBeginning: newestFirst.count <= limit)
    }
}
