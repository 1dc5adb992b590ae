import GRDB
import GRDBSQLite

/// The first column of a kept statement's rows, as integers (nil for NULL), read from the
/// statement as each step leaves it. GRDB steps it (`DatabaseCursor.next()`, with GRDB's
/// own bookkeeping around the run); the statement was bound by `Statement.bind`, and is
/// reset when the cursor goes, as GRDB's cursors reset theirs.
final class IntegerColumnCursor: DatabaseCursor {
    typealias Element = Int64?

    let _statement: Statement
    var _isDone = false

    init(_ statement: Statement) {
        _statement = statement
    }

    deinit {
        _ = sqlite3_reset(_statement.sqliteStatement)
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> Int64? {
        sqlite3_column_type(sqliteStatement, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(sqliteStatement, 0)
    }
}
