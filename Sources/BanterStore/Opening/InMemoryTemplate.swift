import GRDB

/// An empty Banter database in memory, migrated once, that fresh in-memory stores are
/// copied from. `banter test` opens one store per scenario, and copying the pages of a
/// migrated schema costs a fraction of running the migrations again.
public final class InMemoryTemplate: Sendable {
    private let queue: DatabaseQueue

    /// Builds the template: a private in-memory database at the current schema.
    public init() throws(StoreError) {
        queue = try Self.emptyQueue()
        try ChatStore.migrate(queue, path: ":memory:")
    }

    /// A new private in-memory store holding a copy of the template: the same as
    /// `ChatStore(path: ":memory:")`, only faster.
    public func makeStore() throws(StoreError) -> ChatStore {
        let copy = try Self.emptyQueue()
        do {
            try queue.backup(to: copy)
        } catch {
            throw StoreError(error, path: ":memory:", operation: "copy the template database")
        }
        return try ChatStore(path: ":memory:", migratedQueue: copy)
    }

    private static func emptyQueue() throws(StoreError) -> DatabaseQueue {
        do {
            return try DatabaseQueue(configuration: ChatStore.configuration(walMode: false, durability: .processCrash))
        } catch {
            throw StoreError(error, path: ":memory:", operation: "open the database")
        }
    }
}
