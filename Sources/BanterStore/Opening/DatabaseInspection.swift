import GRDB

/// Looks at an existing database file through a read-only connection, before Banter opens it
/// for writing.
///
/// Opening for writing already writes (switching to WAL mode changes the header), so every
/// reason to refuse a file — not a database, damaged, another program's, a newer Banter's —
/// is found here first, and a refused file stays byte-identical.
enum DatabaseInspection {
    /// A file that passed the inspection, still open read-only.
    struct Inspected {
        let queue: DatabaseQueue
        /// Every migration Banter knows has been applied: the file can be read as it is.
        let isCurrent: Bool
    }

    /// Opens `path` read-only and checks it; the caller keeps the connection or closes it.
    static func open(path: String) throws(StoreError) -> Inspected {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(ChatStore.busyTimeout)
        configuration.label = "BanterStore.inspection"
        // Nothing is written through this connection (a read-only `ChatStore` keeps it), so
        // it needs no foreign keys; their pragma was the one SQL literal GRDB's opening
        // builds, whose joining costs a cold process a scan of every protocol conformance.
        configuration.foreignKeysEnabled = false
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            do {
                let isCurrent = try queue.inDatabase { db in try readTransaction(db) { try check(db, path: path) } }
                return Inspected(queue: queue, isCurrent: isCurrent)
            } catch {
                try? queue.close()
                throw error
            }
        } catch {
            throw StoreError(error, path: path, operation: "read the file")
        }
    }

    /// `body` in one read transaction, so the tables and the migrations it reads agree.
    /// Begun and ended by prepared statements (as `ChatStore.read` does, which uses them
    /// again), not GRDB's `read`, whose BEGIN and COMMIT are SQL literals: see `open`.
    private static func readTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
        do {
            let result = try body()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return result
        } catch {
            if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
            throw error
        }
    }

    /// Throws when the file must be refused; returns whether its schema is current. Its
    /// queries are prepared statements, not SQL literals (see `open`).
    private static func check(_ db: Database, path: String) throws -> Bool {
        let tables = try strings(
            db.makeStatement(
                sql: """
                    SELECT name FROM sqlite_master
                    WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                    ORDER BY name
                    """))
        guard !tables.isEmpty else { return false }

        let known = Migrations.migrator.migrations
        let applied = tables.contains("grdb_migrations") ? try appliedMigrations(db) : []
        // Another process is creating this database: GRDB makes its bookkeeping table
        // before the first migration commits. Open it as a new one (the migration waits).
        if tables == ["grdb_migrations"] && applied.isEmpty { return false }
        guard let firstMigration = known.first, applied.contains(firstMigration) else {
            throw StoreError.foreignDatabase(path: path, tables: tables)
        }
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw StoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
        }
        return known.allSatisfy(applied.contains)
    }

    /// The identifiers in GRDB's bookkeeping table (each at most once: it is the table's
    /// primary key). What `DatabaseMigrator.appliedIdentifiers` reads, as an array: its
    /// `Set<String>`, filled from a cursor over `String`, costs a cold process two scans of
    /// every protocol conformance in the executable (1 M instructions, a tenth of a short
    /// `render`'s), and a handful of identifiers needs no hashing.
    private static func appliedMigrations(_ db: Database) throws -> [String] {
        try strings(db.makeStatement(sql: "SELECT identifier FROM grdb_migrations"))
    }

    /// The first column of every row of `statement`, read from rows: `String.fetchAll`'s
    /// cursor over `String` costs a cold process two scans of the conformances (see above).
    private static func strings(_ statement: Statement) throws -> [String] {
        let rows = try Row.fetchCursor(statement)
        var values: [String] = []
        while let row = try rows.next() { values.append(try row.decode(atIndex: 0)) }
        return values
    }
}
