import GRDB

extension ChatStore {
    /// Runs an import in one write transaction: `body` creates a conversation and appends its
    /// messages through the importer, as it reads them. When `body` throws (a file cut off or
    /// wrong at its millionth message), everything is rolled back and the database is left
    /// exactly as it was; the error is rethrown as it was thrown (a `StoreError` for the
    /// database's own failures).
    ///
    /// The transaction holds the write lock for the whole import: other processes wait (up to
    /// the busy timeout for each of their writes), readers do not.
    package func importConversation<Result>(_ body: (ConversationImporter) throws -> Result) throws -> Result {
        var thrownByBody: (any Error)?
        do {
            return try dbQueue.writeWithoutTransaction { db in
                var result: Result?
                try db.inTransaction(.immediate) {
                    let importer = ConversationImporter(db: db, path: path)
                    do {
                        result = try body(importer)
                    } catch {
                        thrownByBody = error
                        throw error
                    }
                    try importer.complete()
                    return .commit
                }
                return result!
            }
        } catch {
            if let thrownByBody { throw thrownByBody }
            throw StoreError(error, path: path, operation: "import the conversation")
        }
    }
}
