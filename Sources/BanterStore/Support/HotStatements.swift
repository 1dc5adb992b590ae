import GRDB

/// The store's statements that a scenario runs for nearly every message, each prepared once
/// per connection and found by its key: GRDB's `cachedStatement(sql:)` hashes the whole SQL
/// text on every call (up to 3 K instructions for a memory save's history row).
///
/// Used only inside the store's `read` and `write` closures, which its connection's queue
/// runs one at a time (hence `@unchecked Sendable`). Each key stands for the one statement
/// of the one call site that uses it.
///
/// It keeps its connection open until its statements are finalized: a connection closed
/// with statements still prepared lingers in SQLite, which closes it at the last
/// `sqlite3_finalize` and then calls GRDB's rollback hook with a pointer to an object GRDB
/// has freed by then (processes crashed at exit, when a store went away before these).
final class HotStatements: @unchecked Sendable {
    enum Key: Int, CaseIterable {
        case forwardStatus, markRead, saveMemory, forgetMemory, recordMemoryChange
        case insertMessage, insertPlainMessage, currentBranch, branchTipParent
        case beginRead, beginWrite, commit, rollback, savepoint, releaseSavepoint, rollbackToSavepoint
    }

    private var statements = [Statement?](repeating: nil, count: Key.allCases.count)
    private let connection: DatabaseQueue

    /// Statements for `connection`, which they keep open until they go.
    init(for connection: DatabaseQueue) {
        self.connection = connection
    }

    deinit {
        // Before `connection` is let go, so that it closes with nothing prepared.
        statements.removeAll()
    }

    /// Runs the statement of `key` (prepared from `sql` the first time) with `values` bound
    /// (`Statement.execute(binding:)`).
    func execute(
        _ key: Key, sql: @autoclosure () -> String, binding values: [SQLValue], in db: Database
    ) throws {
        try using(key, sql: sql(), in: db) { try $0.execute(binding: values) }
    }

    /// Runs the statement of `key`, which takes no values (a transaction's BEGIN, COMMIT…).
    func execute(_ key: Key, sql: @autoclosure () -> String, in db: Database) throws {
        try using(key, sql: sql(), in: db) { try $0.execute() }
    }

    /// The first column of the first row the statement of `key` selects with `values`
    /// bound, as an integer (nil for NULL); nil when it selects no row. Read straight from
    /// the statement (`IntegerColumnCursor`): GRDB's generic `fetchOne` builds a `Row`, or
    /// looks up `Optional`'s metadata and witness tables, for every read.
    func fetchInteger(
        _ key: Key, sql: @autoclosure () -> String, binding values: [SQLValue], in db: Database
    ) throws -> Int64?? {
        try using(key, sql: sql(), in: db) { statement in
            try statement.bind(values)
            return try IntegerColumnCursor(statement).next()
        }
    }

    /// Runs `body` with the statement of `key`, prepared from `sql` the first time. A
    /// statement whose run failed is dropped, as GRDB drops it from its own cache: SQLite
    /// would answer its error again at the next reset.
    private func using<T>(
        _ key: Key, sql: @autoclosure () -> String, in db: Database, _ body: (Statement) throws -> T
    ) throws -> T {
        let statement: Statement
        if let prepared = statements[key.rawValue] {
            statement = prepared
        } else {
            statement = try db.makeStatement(sql: sql())
            statement.takeBindingsDirectly()
            statements[key.rawValue] = statement
        }
        do {
            return try body(statement)
        } catch {
            statements[key.rawValue] = nil
            throw error
        }
    }
}
