import GRDBSQLite

/// A bare SQLite connection through the C API: the raw engine Banter's store is compared
/// with, free of GRDB and of Banter's own code.
final class RawDatabase {
    private var handle: OpaquePointer?

    init(path: String) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(code)"
            sqlite3_close_v2(handle)
            throw BenchError("sqlite3_open_v2(\(path)) failed: \(message)")
        }
        sqlite3_busy_timeout(handle, 5_000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows to keep (pragmas, BEGIN, COMMIT).
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw BenchError("SQLite failed on \"\(sql)\": \(message)")
        }
    }

    /// The first column of the first row `sql` returns, as an integer (a pragma's value).
    func integer(_ sql: String) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError("SQLite could not prepare \"\(sql)\": \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw BenchError("\"\(sql)\" returned no row: \(String(cString: sqlite3_errmsg(handle)))")
        }
        return sqlite3_column_int64(statement, 0)
    }

    /// Compiles `sql` once, for statements run many times.
    func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else {
            throw BenchError("SQLite could not prepare \"\(sql)\": \(String(cString: sqlite3_errmsg(handle)))")
        }
        return RawStatement(statement, database: handle)
    }
}
