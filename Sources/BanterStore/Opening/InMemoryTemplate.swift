import GRDB

/// An empty Banter database in memory, migrated once, that fresh in-memory stores are
/// copied from. `banter test` opens one store per scenario, and copying the pages of a
/// migrated schema costs a fraction of running the migrations again.
package final class InMemoryTemplate: Sendable {
    private let queue: DatabaseQueue
    private let reused = Locked<ReusedConnection?>(nil)

    /// Builds the template: a private in-memory database at the current schema.
    package init() throws(StoreError) {
        queue = try Self.emptyQueue()
        try ChatStore.migrate(queue, path: ":memory:")
    }

    /// A new private in-memory store holding a copy of the template: the same as
    /// `ChatStore(path: ":memory:")`, only faster.
    func makeStore() throws(StoreError) -> ChatStore {
        let fresh = try Self.emptyQueue()
        try copy(into: fresh)
        return try ChatStore(path: ":memory:", migratedQueue: fresh)
    }

    /// A store for the next of many runs in a row (a worker's scenarios): the content of
    /// `makeStore()`, on one connection that every call reuses once the previous store is
    /// released. Statements stay compiled from one run to the next, which a new connection
    /// would compile again (a fifth of a scenario's cost).
    ///
    /// The connection keeps a transaction open from one call to the next and the store
    /// writes in savepoints inside it; the next call rolls it back, which puts back the
    /// template's pages exactly, ids and all. The full-text index is only built for a run
    /// that searches (see `DeferredSearchIndex`), the change log is not written (see
    /// `UnwatchedChangeLog`), and SQLite skips the CHECK constraints the
    /// store's own code guarantees (see `GuaranteedChecks`). While an earlier store is still referenced,
    /// or when the transaction was lost (SQLite rolls back on some errors), the store is a
    /// fresh copy instead.
    package func makeReusedStore() throws(StoreError) -> ChatStore {
        do {
            return try reused.withLock { connection in
                if let current = connection, current.store == nil {
                    if try current.rewind() { return try current.makeStore() }
                    connection = nil
                }
                guard connection == nil else { return try makeStore() }
                let fresh = try ReusedConnection(copying: self)
                connection = fresh
                return try fresh.makeStore()
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: ":memory:", operation: "reuse the scenario database")
        }
    }

    /// Copies the template's pages into `destination`.
    fileprivate func copy(into destination: DatabaseQueue) throws(StoreError) {
        do {
            try queue.backup(to: destination)
        } catch {
            throw StoreError(error, path: ":memory:", operation: "copy the template database")
        }
    }

    fileprivate static func emptyQueue(keepsTransactionOpen: Bool = false) throws(StoreError) -> DatabaseQueue {
        var configuration = ChatStore.configuration(walMode: false, durability: .processCrash)
        configuration.allowsUnsafeTransactions = keepsTransactionOpen
        do {
            return try DatabaseQueue(configuration: configuration)
        } catch {
            throw StoreError(error, path: ":memory:", operation: "open the database")
        }
    }
}

/// The connection `makeReusedStore` hands out run after run, and the last store it made.
private final class ReusedConnection: @unchecked Sendable {
    let queue: DatabaseQueue
    let triggers: DeferredSearchIndex.Triggers?
    let skipsCheckConstraints: Bool
    /// Prepared once for the connection, not again for each run's store.
    let hotStatements: HotStatements
    /// The store of the current run; nil once released.
    weak var store: ChatStore?

    /// A copy of `template` without its index and change-log triggers, skipping the CHECK constraints the
    /// store guarantees (when it guarantees all of them), in an open transaction.
    init(copying template: InMemoryTemplate) throws {
        queue = try InMemoryTemplate.emptyQueue(keepsTransactionOpen: true)
        hotStatements = HotStatements(for: queue)
        try template.copy(into: queue)
        (triggers, skipsCheckConstraints) = try queue.inDatabase { db in
            let triggers = try DeferredSearchIndex.Triggers.drop(in: db)
            try UnwatchedChangeLog.dropTriggers(in: db)
            let skipsChecks = try GuaranteedChecks.coverSchema(of: db)
            if skipsChecks { try db.execute(sql: "PRAGMA ignore_check_constraints = ON") }
            try db.execute(sql: "BEGIN DEFERRED TRANSACTION")
            return (triggers, skipsChecks)
        }
    }

    func makeStore() throws(StoreError) -> ChatStore {
        let made = try ChatStore(
            path: ":memory:", migratedQueue: queue, deferredSearchIndex: triggers.map(DeferredSearchIndex.init),
            skipsCheckConstraints: skipsCheckConstraints, hotStatements: hotStatements)
        store = made
        return made
    }

    /// Back to the template's content: rolls back everything since the last rewind and
    /// opens the next run's transaction. False when the transaction was already gone.
    func rewind() throws -> Bool {
        try queue.inDatabase { db in
            guard db.isInsideTransaction else { return false }
            try db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute()
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            return true
        }
    }
}
