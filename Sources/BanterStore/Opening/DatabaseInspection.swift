import GRDB

/// Looks at an existing database file through a read-only connection, before Banter opens it
/// for writing.
///
/// Opening for writing already writes (switching to WAL mode changes the header), so every
/// reason to refuse a file — not a database, damaged, another program's, a newer Banter's —
/// is found here first, and a refused file stays byte-identical.
enum DatabaseInspection {
    static func inspect(path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(ChatStore.busyTimeout)
        configuration.label = "BanterStore.inspection"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in try check(db, path: path) }
            try queue.close()
        } catch {
            throw StoreError(error, path: path, operation: "read the file")
        }
    }

    private static func check(_ db: Database, path: String) throws {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            ORDER BY name
            """)
        guard !tables.isEmpty else { return }

        let migrator = Migrations.migrator
        let applied = tables.contains("grdb_migrations") ? try migrator.appliedIdentifiers(db) : []
        guard let firstMigration = migrator.migrations.first, applied.contains(firstMigration) else {
            throw StoreError.foreignDatabase(path: path, tables: tables)
        }
        let unknown = applied.subtracting(migrator.migrations)
        guard unknown.isEmpty else {
            throw StoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
        }
    }
}
