import GRDB

/// Going back in a reused in-memory store's run (`InMemoryTemplate.makeReusedStore`): the
/// run is one open transaction, so a savepoint marks the content at a moment and rolling
/// back to it puts that content back exactly, ids and all, as often as asked. `banter crawl`
/// starts every path from the conversation as it opened this way instead of opening it again,
/// and a scenario's branch leaves start from the state their shared prefix left
/// (`ChatSession.mark(named:)`).
extension ChatStore {
    /// A moment of the store's content to go back to (`savepoint(_:)`).
    package struct Savepoint: Sendable {
        let name: String
        /// Whether the deferred search index was built then (the rollback undoes a later build).
        let searchIndexBuilt: Bool
    }

    /// Marks the content as it is now under `name` (letters, digits and `_`); nil when the
    /// store is not inside a transaction (a database file or a fresh copy), so there is
    /// nothing to go back in. A later savepoint of the same name hides this one.
    package func savepoint(_ name: String) throws(StoreError) -> Savepoint? {
        precondition(!name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        let taken = try outsideWrites("mark a savepoint") { db -> Bool in
            guard db.isInsideTransaction else { return false }
            try db.execute(sql: "SAVEPOINT \(name)")
            return true
        }
        return taken ? Savepoint(name: name, searchIndexBuilt: deferredSearchIndex?.isBuilt ?? false) : nil
    }

    /// Puts the content back as it was at `savepoint`, which stays for another rollback;
    /// savepoints marked after it are gone (SQLite's rule).
    package func rollBack(to savepoint: Savepoint) throws(StoreError) {
        try outsideWrites("go back to a savepoint") { db in
            try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT \(savepoint.name)").execute()
        }
        deferredSearchIndex?.isBuilt = savepoint.searchIndexBuilt
    }

    /// Runs `body` on the connection as it is: not in `write`'s savepoint, whose release
    /// would release a savepoint marked inside it too.
    private func outsideWrites<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try dbQueue.inDatabase(body)
        } catch {
            throw StoreError(error, path: path, operation: operation)
        }
    }
}
