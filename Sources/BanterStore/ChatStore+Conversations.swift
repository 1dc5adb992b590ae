import BanterCore
import GRDB

extension ChatStore {
    /// Creates a conversation. Titles are unique (compared exactly).
    package func createConversation(
        title: String, botScriptPath: String? = nil, rules: GroupingRules = GroupingRules(),
        createdAt: Timestamp
    ) throws(StoreError) -> Conversation {
        try write("create the conversation \"\(title)\"") { db in
            try Self.insertConversation(
                db, title: title, botScriptPath: botScriptPath, rules: rules, createdAt: createdAt)
        }
    }

    /// The conversation titled `title`, created (with these settings) when there is none:
    /// one write transaction, so when several processes open the same new title at once,
    /// exactly one creates it and every other one opens that one.
    ///
    /// - Returns: the conversation, and whether this call created it.
    package func openOrCreateConversation(
        title: String, botScriptPath: String? = nil, rules: GroupingRules = GroupingRules(), createdAt: Timestamp
    ) throws(StoreError) -> (conversation: Conversation, created: Bool) {
        try write("open or create the conversation \"\(title)\"") { db in
            if let existing = try Self.conversation(db, titled: title) { return (existing, false) }
            let created = try Self.insertConversation(
                db, title: title, botScriptPath: botScriptPath, rules: rules, createdAt: createdAt)
            return (created, true)
        }
    }

    /// Deletes a conversation that holds no message yet, and says whether it did: how a
    /// process takes back a conversation it just created without deleting what another
    /// process may have written to it meanwhile.
    @discardableResult
    package func deleteConversationIfEmpty(id: Int64) throws(StoreError) -> Bool {
        try write("delete the conversation") { db in
            try db.execute(
                sql:
                    "DELETE FROM conversations WHERE id = ? AND NOT EXISTS (SELECT 1 FROM messages WHERE conversation_id = ?)",
                arguments: [id, id])
            return db.changesCount > 0
        }
    }

    /// The conversation with this exact title, if any.
    package func conversation(titled title: String) throws(StoreError) -> Conversation? {
        try read("look up the conversation \"\(title)\"") { db in try Self.conversation(db, titled: title) }
    }

    /// The conversation with this id, if any.
    package func conversation(id: Int64) throws(StoreError) -> Conversation? {
        try read("look up conversation \(id)") { db in
            try ConversationRecord.fetchOne(
                db.cachedStatement(sql: "SELECT \(ConversationRecord.columns) FROM conversations WHERE id = ?"),
                arguments: [id]
            )?.conversation
        }
    }

    /// Every conversation with its newest message and unread count, most recently active
    /// first (a conversation without messages counts as active when it was created).
    package func conversationSummaries() throws(StoreError) -> [ConversationSummary] {
        try read("list the conversations") { db in
            let records = try ConversationRecord.fetchAll(
                db, sql: "SELECT \(ConversationRecord.columns) FROM conversations")
            let summaries = try records.map { record in
                ConversationSummary(
                    conversation: record.conversation,
                    lastMessage: try Self.lastMessage(db, conversationID: record.conversation.id),
                    unreadCount: try Self.unreadCount(db, record: record))
            }
            return summaries.sorted { lhs, rhs in
                let lhsTime = lhs.lastMessage?.sentAt ?? lhs.conversation.createdAt
                let rhsTime = rhs.lastMessage?.sentAt ?? rhs.conversation.createdAt
                if lhsTime != rhsTime { return lhsTime > rhsTime }
                return lhs.conversation.id > rhs.conversation.id
            }
        }
    }

    /// The conversation `conversationSummaries()` would list first, found with one index
    /// seek per conversation instead of counting unread messages: for commands that only
    /// need "the current conversation" and must start at once on a long history.
    package func mostRecentlyActiveConversation() throws(StoreError) -> Conversation? {
        try read("find the most recently active conversation") { db in
            try ConversationRecord.fetchOne(
                db,
                sql: """
                    SELECT \(ConversationRecord.columns) FROM conversations
                    ORDER BY COALESCE(
                        (SELECT MAX(sent_at) FROM messages WHERE messages.conversation_id = conversations.id),
                        created_at) DESC, id DESC
                    LIMIT 1
                    """
            )?.conversation
        }
    }

    /// Remembers who the other side is (the bot's declared identity), or forgets it with nil.
    package func updateParticipant(_ participant: Participant?, conversationID: Int64) throws(StoreError) {
        try updateConversation(
            conversationID, operation: "save the participant",
            sql:
                "UPDATE conversations SET participant_name = ?, participant_initial = ?, participant_color = ? WHERE id = ?",
            arguments: [participant?.name, participant?.initial, participant?.color, conversationID])
    }

    /// Replaces a conversation's grouping rules.
    package func updateRules(_ rules: GroupingRules, conversationID: Int64) throws(StoreError) {
        try updateConversation(
            conversationID, operation: "save the grouping rules",
            sql: "UPDATE conversations SET section_gap_ms = ?, cluster_gap_ms = ?, header_pattern = ? WHERE id = ?",
            arguments: [
                rules.sectionGap.wholeMilliseconds, rules.clusterGap.wholeMilliseconds, rules.headerPattern,
                conversationID,
            ])
    }

    /// Sets (or with nil, removes) the bot script that answers in a conversation.
    package func updateBotScript(_ path: String?, conversationID: Int64) throws(StoreError) {
        try updateConversation(
            conversationID, operation: "save the bot script path",
            sql: "UPDATE conversations SET bot_script_path = ? WHERE id = ?",
            arguments: [path, conversationID])
    }

    /// Renames a conversation; the new title must not be taken.
    func renameConversation(id: Int64, to title: String) throws(StoreError) {
        try write("rename the conversation") { db in
            do {
                try db.execute(sql: "UPDATE conversations SET title = ? WHERE id = ?", arguments: [title, id])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StoreError.conversationTitleTaken(title: title)
            }
            if db.changesCount == 0 { throw StoreError.conversationNotFound(id: id) }
        }
    }

    /// Deletes a conversation with all its messages and bot memory.
    func deleteConversation(id: Int64) throws(StoreError) {
        try updateConversation(
            id, operation: "delete the conversation",
            sql: "DELETE FROM conversations WHERE id = ?", arguments: [id])
    }

    /// Marks every message up to `message` (in layout order) as read, for unread counts.
    /// The marker only moves forward: marking an older message read changes nothing.
    package func markRead(upTo message: Message) throws(StoreError) {
        try write("mark messages read", oneStatement: true) { db in
            // One statement: the marker stays when it is at or after `message` in layout
            // order (time, then id); a marker whose message is gone counts as before it.
            try hotStatements.execute(
                .markRead,
                sql: """
                    UPDATE conversations SET last_read_message_id = ?
                    WHERE id = ? AND NOT EXISTS (
                        SELECT 1 FROM messages
                        WHERE id = conversations.last_read_message_id AND (sent_at, id) >= (?, ?))
                    """,
                binding: [
                    .integer(message.id), .integer(message.conversationID),
                    .integer(message.sentAt.millisecondsSince1970),
                    .integer(message.id),
                ], in: db)
            if db.changesCount == 0, try !Self.conversationExists(db, id: message.conversationID) {
                throw StoreError.conversationNotFound(id: message.conversationID)
            }
        }
    }

    // MARK: - Helpers

    private static func conversation(_ db: Database, titled title: String) throws -> Conversation? {
        try ConversationRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(ConversationRecord.columns) FROM conversations WHERE title = ?"),
            arguments: [title]
        )?.conversation
    }

    static func insertConversation(
        _ db: Database, title: String, botScriptPath: String?, rules: GroupingRules, createdAt: Timestamp
    ) throws -> Conversation {
        do {
            try db.cachedStatement(
                sql: """
                    INSERT INTO conversations
                        (title, bot_script_path, section_gap_ms, cluster_gap_ms, header_pattern, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """
            ).execute(
                arguments: [
                    title, botScriptPath, rules.sectionGap.wholeMilliseconds,
                    rules.clusterGap.wholeMilliseconds, rules.headerPattern, createdAt.millisecondsSince1970,
                ])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StoreError.conversationTitleTaken(title: title)
        }
        return Conversation(
            id: db.lastInsertedRowID, title: title, botScriptPath: botScriptPath, rules: rules, createdAt: createdAt)
    }

    private func updateConversation(
        _ id: Int64, operation: String, sql: String, arguments: StatementArguments
    ) throws(StoreError) {
        try write(operation) { db in
            try db.cachedStatement(sql: sql).execute(arguments: arguments)
            if db.changesCount == 0 { throw StoreError.conversationNotFound(id: id) }
        }
    }

    private static func lastMessage(_ db: Database, conversationID: Int64) throws -> Message? {
        try fetchMessages(db, sql: MessageSQL.latest, arguments: [conversationID, 1]).first
    }

    /// Received messages after the read marker; one range scan of the paging index.
    private static func unreadCount(_ db: Database, record: ConversationRecord) throws -> Int {
        let conversationID = record.conversation.id
        if let markerID = record.lastReadMessageID, let marker = try message(db, id: markerID) {
            return try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM messages
                    WHERE conversation_id = ? AND (sent_at, id) > (?, ?) AND sender = 'them'
                    """,
                arguments: [conversationID, marker.sentAt.millisecondsSince1970, marker.id]) ?? 0
        }
        return try Int.fetchOne(
            db, sql: "SELECT count(*) FROM messages WHERE conversation_id = ? AND sender = 'them'",
            arguments: [conversationID]) ?? 0
    }
}
