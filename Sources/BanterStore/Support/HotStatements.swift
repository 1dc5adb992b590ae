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
    /// (`Statement.execute(binding:)`). A statement whose run failed is dropped, as GRDB
    /// drops it from its own cache: SQLite would answer its error again at the next reset.
    func execute(
        _ key: Key, sql: @autoclosure () -> String, binding values: [(any DatabaseValueConvertible)?], in db: Database
    ) throws {
        let statement: Statement
        if let prepared = statements[key.rawValue] {
            statement = prepared
        } else {
            statement = try db.makeStatement(sql: sql())
            statements[key.rawValue] = statement
        }
        do {
            try statement.execute(binding: values)
        } catch {
            statements[key.rawValue] = nil
            throw error
        }
    }
}
