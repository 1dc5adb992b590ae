import GRDB

extension ChatStore {
    /// What a bot remembered under `key` in a conversation, as JSON text.
    func memoryValue(conversationID: Int64, bot: String, key: String) throws(StoreError) -> String? {
        try read("read bot memory") { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM bot_memory WHERE conversation_id = ? AND bot = ? AND key = ?",
                arguments: [conversationID, bot, key])
        }
    }

    /// Stores (or with nil, forgets) what a bot remembers under `key` in a conversation, on
    /// its current branch (logged in `MemoryHistory`, so a fork finds it).
    /// The value must be valid JSON text; anything else is refused and nothing is stored.
    package func setMemoryValue(_ json: String?, conversationID: Int64, bot: String, key: String) throws(StoreError) {
        try setMemoryValues([(key, json)], conversationID: conversationID, bot: bot)
    }

    /// Stores (or with nil, forgets) several keys of what a bot remembers, all or none, in
    /// one transaction: what one handler changed lands together, and a handler that changed
    /// three keys takes one savepoint in a scenario instead of three.
    package func setMemoryValues(
        _ changes: [(key: String, json: String?)], conversationID: Int64, bot: String
    ) throws(StoreError) {
        guard !changes.isEmpty else { return }
        try write("save bot memory") { db in
            for (key, json) in changes {
                try Self.setMemoryValue(db, hotStatements, json, conversationID: conversationID, bot: bot, key: key)
            }
        }
    }

    /// One key's save, inside the caller's transaction.
    private static func setMemoryValue(
        _ db: Database, _ hotStatements: HotStatements, _ json: String?, conversationID: Int64, bot: String, key: String
    ) throws {
        guard let json else {
            try hotStatements.execute(
                .forgetMemory, sql: "DELETE FROM bot_memory WHERE conversation_id = ? AND bot = ? AND key = ?",
                binding: [.integer(conversationID), .text(bot), .text(key)], in: db)
            if db.changesCount > 0 {
                try MemoryHistory.record(
                    db, hotStatements, conversationID: conversationID, bot: bot, key: key, value: nil)
            }
            return
        }
        // `json_valid` in the statement itself: a store that skips CHECK constraints
        // (`skipsCheckConstraints`) refuses invalid JSON the same way, with no SELECT of
        // its own. An UPSERT after a SELECT needs the WHERE clause to parse.
        do {
            try hotStatements.execute(
                .saveMemory,
                sql: """
                    INSERT INTO bot_memory (conversation_id, bot, key, value) SELECT ?1, ?2, ?3, ?4 WHERE json_valid(?4)
                    ON CONFLICT (conversation_id, bot, key) DO UPDATE SET value = excluded.value
                    """,
                binding: [.integer(conversationID), .text(bot), .text(key), .text(json)], in: db)
        } catch let error as DatabaseError {
            switch error.extendedResultCode {
            case .SQLITE_CONSTRAINT_CHECK: throw StoreError.invalidMemoryValue(bot: bot, key: key)
            case .SQLITE_CONSTRAINT_FOREIGNKEY: throw StoreError.conversationNotFound(id: conversationID)
            default: throw error
            }
        }
        guard db.changesCount > 0 else { throw StoreError.invalidMemoryValue(bot: bot, key: key) }
        try MemoryHistory.record(db, hotStatements, conversationID: conversationID, bot: bot, key: key, value: json)
    }

    /// Everything a bot remembers in a conversation: key → JSON text.
    package func allMemory(conversationID: Int64, bot: String) throws(StoreError) -> [String: String] {
        try read("read bot memory") { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT key, value FROM bot_memory WHERE conversation_id = ? AND bot = ?"),
                arguments: [conversationID, bot])
            var memory: [String: String] = [:]
            for row in rows {
                memory[try row.decode(atIndex: 0)] = try row.decode(atIndex: 1)
            }
            return memory
        }
    }
}
