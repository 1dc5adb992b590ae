import Foundation
import GRDB

/// The full-text index of a database whose index triggers were dropped: a reused scenario
/// database (`InMemoryTemplate.makeReusedStore`), whose messages are almost never searched,
/// where keeping FTS5 up to date cost a fifth of running a scenario. The first search puts
/// the triggers back as the schema declares them and rebuilds the index from the messages,
/// so it finds exactly what an index kept up to date all along would have found.
///
/// One per store: whether the index is built belongs to that store's run (rewinding a
/// reused database drops the triggers again).
final class DeferredSearchIndex: Sendable {
    let triggers: Triggers
    private let isBuilt = Locked(false)

    init(_ triggers: Triggers) {
        self.triggers = triggers
    }

    /// The statements that keep a database's full-text tables up to date, as its schema
    /// declares them.
    struct Triggers: Sendable {
        /// The external-content FTS5 tables, rebuilt from their content on the first search.
        var tables: [String]
        /// `CREATE TRIGGER` statements, in the order the schema created them.
        var definitions: [String]

        /// Reads the index triggers of `db` and drops them; nil (and nothing dropped) when
        /// `db` has none, or when a trigger that mentions an index does more than write to it
        /// (dropping it would lose that work).
        static func drop(in db: Database) throws -> Triggers? {
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master
                    WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%' ORDER BY rowid
                    """)
            guard !tables.isEmpty else { return nil }
            let rows = try Row.fetchAll(
                db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid")
            var triggers: [(name: String, sql: String)] = []
            for row in rows {
                let name: String = row["name"], sql: String = row["sql"]
                guard tables.contains(where: { sql.contains($0) }) else { continue }
                guard onlyWritesIndex(sql, tables: tables) else { return nil }
                triggers.append((name, sql))
            }
            guard !triggers.isEmpty else { return nil }
            for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(trigger.name.quotedDatabaseIdentifier)") }
            return Triggers(tables: tables, definitions: triggers.map(\.sql))
        }

        /// Whether every statement in the trigger's body is an insert into one of `tables`
        /// (FTS5 commands such as 'delete' are inserts too).
        static func onlyWritesIndex(_ sql: String, tables: [String]) -> Bool {
            guard let begin = sql.range(of: "BEGIN", options: .caseInsensitive),
                let end = sql.range(of: "END", options: [.caseInsensitive, .backwards]),
                begin.upperBound <= end.lowerBound
            else { return false }
            let statements = sql[begin.upperBound..<end.lowerBound]
                .split(separator: ";")
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
            return !statements.isEmpty
                && statements.allSatisfy { statement in
                    tables.contains { table in
                        statement.lowercased().hasPrefix("insert into \(table.lowercased())(")
                            || statement.lowercased().hasPrefix("insert into \(table.lowercased()) (")
                    }
                }
        }
    }

    /// Before a search: puts the triggers back and fills the index, once.
    func build(in store: ChatStore) throws(StoreError) {
        guard !isBuilt.withLock({ $0 }) else { return }
        try store.write("build the search index") { db in
            for definition in triggers.definitions { try db.execute(sql: definition) }
            for table in triggers.tables {
                let name = table.quotedDatabaseIdentifier
                try db.execute(sql: "INSERT INTO \(name)(\(name)) VALUES ('rebuild')")
            }
        }
        isBuilt.withLock { $0 = true }
    }

    /// Whether the index is built now; a store gone back to a savepoint (`ChatStore.rollBack`)
    /// sets it back to what it was there, since the rollback undid the build too.
    var built: Bool {
        get { isBuilt.withLock { $0 } }
        set { isBuilt.withLock { $0 = newValue } }
    }
}
