import GRDB

extension StoreError {
    /// Translates whatever a database access threw into the user-facing error.
    ///
    /// - Parameters:
    ///   - operation: what was being done, completing "Could not …" ("save the message").
    init(_ error: any Error, path: String, operation: String) {
        switch error {
        case let error as StoreError:
            self = error
        case let error as DatabaseError:
            self = StoreError(error, path: path, operation: operation)
        case let error as UnreadableRowError:
            self = .corrupt(path: path, sqliteMessage: error.description)
        default:
            self = .sqlite(path: path, operation: operation, message: String(describing: error))
        }
    }

    private init(_ error: DatabaseError, path: String, operation: String) {
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .busy(path: path, operation: operation)
        case .SQLITE_CORRUPT:
            self = .corrupt(path: path, sqliteMessage: message)
        case .SQLITE_NOTADB:
            self = .notADatabase(path: path, sqliteMessage: message)
        case .SQLITE_CANTOPEN:
            self = .cannotOpen(path: path, reason: "SQLite says: \(message)")
        case .SQLITE_READONLY:
            self = .fileNotWritable(path: path)
        default:
            self = .sqlite(path: path, operation: operation, message: message)
        }
    }
}
