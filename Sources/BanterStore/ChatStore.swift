import Foundation
import GRDB

/// Banter's database: conversations, messages, bot memory and settings in one SQLite file.
///
/// One instance owns one connection (a GRDB `DatabaseQueue`), so calls from any thread are
/// serialised. Several processes may share the file: the database is in WAL mode, every
/// write is an `IMMEDIATE` transaction and a busy timeout makes a process wait for another's
/// write instead of failing with "database is locked".
///
/// Durability is chosen when opening (`Durability`): by default a committed message survives
/// a killed process at any moment; `.powerLoss` also survives an OS crash, at the cost of an
/// fsync per send.
package final class ChatStore: Sendable {
    /// The path the store was opened with (":memory:" for an in-memory database).
    package let path: String

    /// How long a process waits for another one's lock before giving up, in seconds.
    ///
    /// Long, because the lock is not only held for a write (milliseconds): the last process
    /// to close the database checkpoints it under an exclusive lock, and that checkpoint's
    /// fsyncs wait for the file system. On a disk busy with other writes (a build, a copy)
    /// one fsync took seconds, and with 5 s here a second `banter` opening the database
    /// meanwhile failed with "stayed locked" and lost the message it was sending. Waiting
    /// costs nothing when nobody holds the lock.
    static let busyTimeout: TimeInterval = 30

    let dbQueue: DatabaseQueue
    /// The last `PRAGMA data_version` seen, to notice commits made by other processes.
    private let seenDataVersion: Locked<Int64>
    /// Set when the full-text index is not kept up to date by triggers until the first
    /// search (a reused scenario database); nil for every other store.
    let deferredSearchIndex: DeferredSearchIndex?
    /// Whether SQLite skips the schema's CHECK constraints on this connection (a reused
    /// scenario database, see `GuaranteedChecks`): the store then checks what its types do
    /// not guarantee itself.
    let skipsCheckConstraints: Bool
    /// The statements run for nearly every message, prepared once for this connection
    /// (shared by the stores a reused scenario connection hands out, run after run).
    let hotStatements: HotStatements

    /// Opens the database at `path`, creating the file and its folder when missing, and
    /// migrates it to the current schema. ":memory:" opens a private in-memory database.
    ///
    /// A file that is not a Banter database, is damaged, or was written by a newer Banter is
    /// refused with a `StoreError` and left untouched. With `access: .readOnly` an existing,
    /// current database is only ever read (see `Access`).
    package init(path: String, durability: Durability = .processCrash, access: Access = .readWrite) throws(StoreError) {
        self.path = path
        deferredSearchIndex = nil
        skipsCheckConstraints = false
        let isInMemory = path == ":memory:"
        if !isInMemory, try DatabaseFile.prepare(path: path) == .existing {
            let inspected = try DatabaseInspection.open(path: path)
            if access == .readOnly && inspected.isCurrent {
                dbQueue = inspected.queue
                hotStatements = HotStatements(for: inspected.queue)
                seenDataVersion = Locked(try Self.dataVersion(of: inspected.queue, path: path))
                return
            }
            try? inspected.queue.close()
        }
        do {
            let configuration = Self.configuration(walMode: !isInMemory, durability: durability)
            dbQueue =
                isInMemory
                ? try DatabaseQueue(configuration: configuration)
                : try Self.openWaitingWhileBusy(path: path, configuration: configuration)
        } catch {
            throw StoreError(error, path: path, operation: "open the database")
        }
        hotStatements = HotStatements(for: dbQueue)
        try Self.migrate(dbQueue, path: path)
        seenDataVersion = Locked(try Self.dataVersion(of: dbQueue, path: path))
    }

    /// Takes over `queue`, an open database already at the current schema (a copy of an
    /// `InMemoryTemplate`).
    init(
        path: String, migratedQueue queue: DatabaseQueue, deferredSearchIndex: DeferredSearchIndex? = nil,
        skipsCheckConstraints: Bool = false, hotStatements: HotStatements? = nil
    ) throws(StoreError) {
        self.path = path
        dbQueue = queue
        self.deferredSearchIndex = deferredSearchIndex
        self.skipsCheckConstraints = skipsCheckConstraints
        self.hotStatements = hotStatements ?? HotStatements(for: queue)
        seenDataVersion = Locked(try Self.dataVersion(of: queue, path: path))
    }

    /// Where Banter keeps its database unless told otherwise: `BANTER_DB` when set, else
    /// `$XDG_DATA_HOME/banter/banter.sqlite`, else `~/.local/share/banter/banter.sqlite`.
    ///
    /// The environment is a parameter so that callers and tests can inject it. Following the
    /// XDG specification, a relative `XDG_DATA_HOME` is ignored.
    package static func defaultPath(environment: [String: String]) -> String {
        if let path = environment["BANTER_DB"], !path.isEmpty {
            return path
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/banter/banter.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/banter/banter.sqlite"
    }

    /// Whether another process has committed changes since the last call (or since opening).
    ///
    /// Cheap (one pragma, no table read), so a session can poll it to pick up messages that a
    /// second terminal wrote; this store's own writes do not count.
    package func hasExternalChanges() throws(StoreError) -> Bool {
        let current = try read("check for changes", Self.dataVersion)
        return seenDataVersion.withLock { seen in
            defer { seen = current }
            return current != seen
        }
    }

    // MARK: - Access

    /// Runs `body` in a read transaction, translating errors.
    ///
    /// Not GRDB's `read`: that one switches `PRAGMA query_only` on and off around every
    /// read, and a flag pragma expires every prepared statement of the connection, so each
    /// cached statement was compiled again after every read. `body` only reads.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try dbQueue.inDatabase { db in
                try Self.transaction(db, hotStatements, kind: .read, body)
            }
        } catch {
            throw StoreError(error, path: path, operation: operation)
        }
    }

    /// Runs `body` in an `IMMEDIATE` write transaction, translating errors. The transaction
    /// takes the write lock up front, so it never fails half-way because another process
    /// wrote in between; it waits for the busy timeout instead.
    ///
    /// `oneStatement`: `body` changes the database with at most one statement (and may
    /// read). SQLite undoes a failed statement by itself, so inside an enclosing
    /// transaction such a write needs no savepoint of its own: a savepoint and its release
    /// cost a scenario's status updates, read markers and single messages as much again.
    func write<T>(_ operation: String, oneStatement: Bool = false, _ body: (Database) throws -> T) throws(StoreError)
        -> T
    {
        do {
            return try dbQueue.writeWithoutTransaction { db in
                try Self.transaction(db, hotStatements, kind: oneStatement ? .oneStatementWrite : .write, body)
            }
        } catch {
            throw StoreError(error, path: path, operation: operation)
        }
    }

    private enum TransactionKind { case read, write, oneStatementWrite }

    /// Runs `body` in a transaction, or in a savepoint when the connection is already in one
    /// (a reused scenario database, see `InMemoryTemplate.makeReusedStore`), rolling back
    /// what it did when anything throws. What GRDB's `inTransaction` does, with statements
    /// prepared once per connection: parsing BEGIN and COMMIT again for every message was a
    /// tenth of a scenario's cost, and finding them by their SQL in GRDB's cache a few
    /// percent more.
    private static func transaction<T>(
        _ db: Database, _ statements: HotStatements, kind: TransactionKind, _ body: (Database) throws -> T
    ) throws -> T {
        let nested = db.isInsideTransaction
        if nested && kind != .write { return try body(db) }
        typealias Step = (key: HotStatements.Key, sql: String)
        let (begin, end, undo): (Step, Step, Step) =
            nested
            ? (
                (.savepoint, "SAVEPOINT banter_write"), (.releaseSavepoint, "RELEASE SAVEPOINT banter_write"),
                (.rollbackToSavepoint, "ROLLBACK TO SAVEPOINT banter_write")
            )
            : (
                kind == .read
                    ? (.beginRead, "BEGIN DEFERRED TRANSACTION") : (.beginWrite, "BEGIN IMMEDIATE TRANSACTION"),
                (.commit, "COMMIT TRANSACTION"), (.rollback, "ROLLBACK TRANSACTION")
            )
        try statements.execute(begin.key, sql: begin.sql, in: db)
        do {
            let result = try body(db)
            try statements.execute(end.key, sql: end.sql, in: db)
            return result
        } catch {
            if db.isInsideTransaction {
                try? statements.execute(undo.key, sql: undo.sql, in: db)
                if nested { try? statements.execute(end.key, sql: end.sql, in: db) }
            }
            throw error
        }
    }

    // MARK: - Opening

    static func configuration(walMode: Bool, durability: Durability) -> Configuration {
        var configuration = Configuration()
        configuration.label = "BanterStore"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            if walMode {
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode == "wal" else {
                    throw DatabaseError(message: "could not switch to WAL mode (journal mode is \(mode ?? "unknown"))")
                }
            }
            try db.execute(sql: "PRAGMA synchronous = \(durability.synchronousMode)")
            // A deleted message's text and attachment are overwritten in the file, not only
            // unlinked (freed pages are zeroed). Costs nothing for appends, which free nothing.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return configuration
    }

    /// Opens the file, trying again while another process holds a lock, until the busy
    /// timeout. Processes opening the same new file together each switch it to WAL mode,
    /// which promotes a shared lock to an exclusive one; when two promote at once SQLite
    /// sees a deadlock and answers SQLITE_BUSY at once, without calling the busy handler
    /// (seen in CI: "stayed locked for more than 30 s" a second after start). Closing and
    /// opening again releases the shared lock, so the other process can finish.
    static func openWaitingWhileBusy(path: String, configuration: Configuration) throws -> DatabaseQueue {
        let deadline = ContinuousClock.now + .seconds(busyTimeout)
        while true {
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline
            {
                usleep(10_000)
            }
        }
    }

    /// Applies missing migrations. Processes opening a new database at the same moment may
    /// all try: GRDB reads which migrations are applied before it takes the write lock, so
    /// a process can find a table another one created meanwhile ("already exists"). Such a
    /// failure is a race, not a fault: the process waits a moment and looks again, until
    /// the schema is complete (whoever completed it) or another error shows.
    static func migrate(_ dbQueue: DatabaseQueue, path: String) throws(StoreError) {
        let migrator = Migrations.migrator
        var attempts = 0
        while true {
            do {
                try migrator.migrate(dbQueue)
                return
            } catch {
                if (try? dbQueue.read(migrator.hasCompletedMigrations)) == true { return }
                attempts += 1
                guard attempts < 100, isConcurrentSchemaChange(error) else {
                    throw StoreError(error, path: path, operation: "set up the database schema")
                }
                usleep(20_000)
            }
        }
    }

    /// Whether a migration failed because another process applied it first.
    private static func isConcurrentSchemaChange(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        let message = error.message ?? ""
        return error.resultCode == .SQLITE_BUSY
            || (error.resultCode == .SQLITE_ERROR
                && (message.contains("already exists") || message.contains("duplicate column")))
            || (error.resultCode == .SQLITE_CONSTRAINT && message.contains("grdb_migrations"))
    }

    private static func dataVersion(of dbQueue: DatabaseQueue, path: String) throws(StoreError) -> Int64 {
        do {
            return try dbQueue.inDatabase(Self.dataVersion)
        } catch {
            throw StoreError(error, path: path, operation: "read the database version")
        }
    }

    private static func dataVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
    }
}
