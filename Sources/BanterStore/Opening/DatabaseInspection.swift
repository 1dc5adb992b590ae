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
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            do {
                let isCurrent = try queue.read { db in try check(db, path: path) }
                return Inspected(queue: queue, isCurrent: isCurrent)
            } catch {
                try? queue.close()
                throw error
            }
        } catch {
            throw StoreError(error, path: path, operation: "read the file")
        }
    }

    /// Throws when the file must be refused; returns whether its schema is current.
    private static func check(_ db: Database, path: String) throws -> Bool {
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                ORDER BY name
                """)
        guard !tables.isEmpty else { return false }

        let migrator = Migrations.migrator
        let applied = tables.contains("grdb_migrations") ? try migrator.appliedIdentifiers(db) : []
        // Another process is creating this database: GRDB makes its bookkeeping table
        // before the first migration commits. Open it as a new one (the migration waits).
        if tables == ["grdb_migrations"] && applied.isEmpty { return false }
        guard let firstMigration = migrator.migrations.first, applied.contains(firstMigration) else {
            throw StoreError.foreignDatabase(path: path, tables: tables)
        }
        let unknown = applied.subtracting(migrator.migrations)
        guard unknown.isEmpty else {
            throw StoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
        }
        return applied.isSuperset(of: migrator.migrations)
    }
}
