import GRDB

/// What a conversation's bots remembered at any message of any branch, so a fork hands
/// them their memory as it was at the fork point (see docs/architecture.md, "Branches").
///
/// `bot_memory` is the current branch's memory, what bots load and write. Every write is
/// also logged in `memory_changes` on the current branch's lane, keyed by the branch's
/// newest message at that moment (its position: sent time, id). A fork logs a snapshot
/// (position NULL) on the new lane: the memory at the fork message, the snapshot of that
/// message's lane and its changes up to the message. So the memory of a lane at a position
/// is its snapshot and its own changes up to there: one range scan of
/// `memory_changes_by_lane`, however long the conversation and however deep the branch,
/// and a fork stores the memory once (its size, not the conversation's).
enum MemoryHistory {
    /// Every bot's memory: bot → key → JSON text.
    typealias Memory = [String: [String: String]]

    /// Logs a change of what `bot` remembers under `key` (nil: forgotten) on the
    /// conversation's current branch, at its newest message: `BranchTip.current` and that
    /// message's look-up folded into the insert, one statement a save instead of three.
    static func record(
        _ db: Database, _ statements: HotStatements, conversationID: Int64, bot: String, key: String, value: String?
    ) throws {
        // The lane is the current branch when it was forked from a message (else the first
        // branch, NULL); its newest message is its own newest or else the fork message.
        try statements.execute(
            .recordMemoryChange,
            sql: """
                INSERT INTO memory_changes (conversation_id, lane, message_id, sent_at, bot, key, value)
                SELECT c.id, b.id, m.id, m.sent_at, ?2, ?3, ?4 FROM conversations c
                LEFT JOIN branches b ON b.id = c.current_branch_id AND b.fork_message_id IS NOT NULL
                LEFT JOIN messages m ON m.id = CASE WHEN b.id IS NULL
                    THEN (SELECT id FROM messages WHERE conversation_id = ?1 AND branch_id IS NULL
                        ORDER BY sent_at DESC, id DESC LIMIT 1)
                    ELSE coalesce(
                        (SELECT id FROM messages WHERE conversation_id = ?1 AND branch_id = b.id
                            ORDER BY sent_at DESC, id DESC LIMIT 1),
                        b.fork_message_id)
                    END
                WHERE c.id = ?1
                """,
            binding: [.integer(conversationID), .text(bot), .text(key), SQLValue(value)], in: db)
        guard db.changesCount > 0 else { throw StoreError.conversationNotFound(id: conversationID) }
    }

    /// The memory of `lane` at `position` (a message written on it or before it on its
    /// branch): its snapshot and its changes up to that message, those keyed by the message
    /// itself included unless `beforePosition`; every change when `position` is nil.
    static func memory(
        _ db: Database, conversationID: Int64, lane: Int64?, at position: (sentAt: Int64, id: Int64)?,
        beforePosition: Bool = false
    ) throws -> Memory {
        let bound =
            position == nil
            ? "" : "AND (sent_at IS NULL OR (sent_at, message_id) \(beforePosition ? "<" : "<=") (?, ?))"
        var arguments: StatementArguments = [conversationID, lane]
        if let position { arguments += [position.sentAt, position.id] }
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT bot, key, value FROM memory_changes WHERE conversation_id = ? AND lane IS ? \(bound)
                    ORDER BY sent_at, message_id, id
                    """), arguments: arguments)
        var memory: Memory = [:]
        while let row = try rows.next() {
            let bot: String = row[0]
            memory[bot, default: [:]][row[1]] = row[2] as String?
        }
        return memory.filter { !$0.value.isEmpty }
    }

    /// Starts `lane`'s history with `memory`: what its bots remember where it was forked.
    static func startLane(_ db: Database, conversationID: Int64, lane: Int64, with memory: Memory) throws {
        let insert = try db.cachedStatement(
            sql: "INSERT INTO memory_changes (conversation_id, lane, bot, key, value) VALUES (?, ?, ?, ?, ?)")
        for (bot, keys) in memory.sorted(by: { $0.key < $1.key }) {
            for (key, value) in keys.sorted(by: { $0.key < $1.key }) {
                try insert.execute(arguments: [conversationID, lane, bot, key, value])
            }
        }
    }

    /// Makes `memory` what the conversation's bots remember now (`bot_memory`), as the
    /// branch just made current had it.
    static func makeCurrent(_ db: Database, conversationID: Int64, _ memory: Memory) throws {
        try db.cachedStatement(sql: "DELETE FROM bot_memory WHERE conversation_id = ?")
            .execute(arguments: [conversationID])
        let insert = try db.cachedStatement(
            sql: "INSERT INTO bot_memory (conversation_id, bot, key, value) VALUES (?, ?, ?, ?)")
        for (bot, keys) in memory {
            for (key, value) in keys { try insert.execute(arguments: [conversationID, bot, key, value]) }
        }
    }
}
