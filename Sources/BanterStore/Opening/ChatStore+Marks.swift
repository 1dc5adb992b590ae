import GRDB

/// Points a reused scenario database can go back to: a scenario's branches share the steps
/// before them, and each leaf after the first starts from the database as those steps left
/// it (`ROLLBACK TO` a savepoint: the same rows and the same next ids), instead of running
/// them again.
extension ChatStore {
    /// What a store holds besides its pages at a mark: whether the search index was built.
    package struct Mark: Sendable {
        let searchIndexBuilt: Bool
    }

    /// Marks the database as it is now; nil unless the store is a reused scenario database
    /// (`InMemoryTemplate.makeReusedStore`, whose connection is inside its run's
    /// transaction): a file's writers must not hold a transaction open.
    package func mark() throws(StoreError) -> Mark? {
        guard path == ":memory:" else { return nil }
        do {
            let marked = try dbQueue.inDatabase { db -> Bool in
                guard db.isInsideTransaction else { return false }
                try db.cachedStatement(sql: "SAVEPOINT banter_mark").execute()
                return true
            }
            return marked ? Mark(searchIndexBuilt: deferredSearchIndex?.isBuilt ?? false) : nil
        } catch {
            throw StoreError(error, path: path, operation: "mark the scenario database")
        }
    }

    /// Puts the database back as it was at `mark` (which stays, for the next time).
    package func rollBack(to mark: Mark) throws(StoreError) {
        do {
            try dbQueue.inDatabase { db in
                try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT banter_mark").execute()
            }
        } catch {
            throw StoreError(error, path: path, operation: "go back to the scenario database's mark")
        }
        deferredSearchIndex?.isBuilt = mark.searchIndexBuilt
    }
}
