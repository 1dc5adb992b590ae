import Foundation
import GRDB

extension ChatStore {
    /// The titles of the conversations in the database at `path`, sorted, for shell
    /// completion: it runs on every Tab press, so it never creates, migrates or writes the
    /// file (a missing file has no titles) and opens one read-only connection.
    package static func conversationTitles(inDatabaseAt path: String) throws(StoreError) -> [String] {
        guard path != ":memory:", FileManager.default.fileExists(atPath: path) else { return [] }
        let inspected = try DatabaseInspection.open(path: path)
        defer { try? inspected.queue.close() }
        do {
            return try inspected.queue.read { db in
                guard try db.tableExists("conversations") else { return [] }
                return try String.fetchAll(db, sql: "SELECT title FROM conversations ORDER BY title")
            }
        } catch {
            throw StoreError(error, path: path, operation: "list the conversations")
        }
    }
}
