import GRDB

/// The change log (`message_changes`) of a reused scenario database
/// (`InMemoryTemplate.makeReusedStore`), left unwritten: the log exists to tell *other
/// processes* which messages changed in place, and a private in-memory database has none.
/// `ChatSession.pollExternalChanges` reads the log only after `hasExternalChanges` saw
/// another connection's commit, which never happens there. Writing it made every status
/// update, edit and reaction of a scenario run two more inserts.
enum UnwatchedChangeLog {
    static let table = "message_changes"

    /// Drops the triggers whose every statement is an insert into the log (the ones that
    /// delete from it stay) and returns their names.
    @discardableResult
    static func dropTriggers(in db: Database) throws -> [String] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid")
        var dropped: [String] = []
        for row in rows {
            let name: String = row["name"], sql: String = row["sql"]
            guard DeferredSearchIndex.Triggers.onlyWritesIndex(sql, tables: [table]) else { continue }
            try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
            dropped.append(name)
        }
        return dropped
    }
}
