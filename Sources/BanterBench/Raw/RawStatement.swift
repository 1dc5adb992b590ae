import GRDBSQLite

/// A prepared statement of `RawDatabase`: bind, step through the rows, reset.
final class RawStatement {
    private let statement: OpaquePointer
    private let database: OpaquePointer?

    init(_ statement: OpaquePointer, database: OpaquePointer?) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    func bind(_ values: [RawValue]) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let integer):
                sqlite3_bind_int64(statement, index, integer)
            case .text(let text):
                // SQLITE_TRANSIENT: SQLite copies the text, which the Swift string may not outlive.
                sqlite3_bind_text(statement, index, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }
    }

    /// Runs the statement to the end; returns how many rows it produced, having read every
    /// column of each so that the comparison with the store's decoding is fair.
    @discardableResult
    func run() throws -> Int {
        var rows = 0
        var bytes = 0
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw BenchError("SQLite step failed: \(String(cString: sqlite3_errmsg(database)))")
            }
            rows += 1
            for column in 0..<sqlite3_column_count(statement) {
                if sqlite3_column_type(statement, column) == SQLITE_TEXT {
                    bytes += Int(sqlite3_column_bytes(statement, column))
                    if let text = sqlite3_column_text(statement, column) {
                        blackHole(String(cString: text))
                    }
                } else {
                    bytes += Int(truncatingIfNeeded: sqlite3_column_int64(statement, column))
                }
            }
        }
        blackHole(bytes)
        return rows
    }
}
