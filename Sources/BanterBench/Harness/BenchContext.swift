import BanterCore
import BanterStore
import Foundation

/// What the benchmarks share: the generated conversation, the temporary workspace, and the
/// databases that are expensive to build, each built once on first use.
final class BenchContext {
    /// The title of the one conversation in every generated database.
    static let conversationTitle = "bench"
    /// Messages in the large conversation (paging, search, cold start).
    static let largeCount = 1_000_000
    /// Messages in the small conversation paging is compared with.
    static let smallCount = 1_000

    let corpus = Corpus()
    let workspace: Workspace
    private var built: Set<String> = []

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Progress, on standard error so that `--json` output stays clean.
    func log(_ message: String) {
        FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
    }

    /// An empty Banter database with the benchmark conversation (id 1), created by
    /// `ChatStore` itself so that schema, triggers and pragmas are Banter's own.
    func templateDatabase() throws -> String {
        try build("template.sqlite") { _ in }
    }

    /// A database whose conversation holds `largeCount` messages.
    func largeDatabase() throws -> String {
        try build("large.sqlite") { store in try fill(store, count: Self.largeCount) }
    }

    /// A database whose conversation holds `smallCount` messages.
    func smallDatabase() throws -> String {
        try build("small.sqlite") { store in try fill(store, count: Self.smallCount) }
    }

    private func build(_ name: String, _ fill: (ChatStore) throws -> Void) throws -> String {
        let path = workspace.path(name)
        guard !built.contains(name) else { return path }
        workspace.removeDatabase(name)
        // The store closes (and checkpoints its WAL) when it goes out of scope here.
        do {
            let store = try ChatStore(path: path)
            _ = try store.createConversation(title: Self.conversationTitle, createdAt: Corpus.start)
            try fill(store)
        }
        built.insert(name)
        return path
    }

    /// Appends the corpus in batches of 100 000 (the store's batch append), so memory stays
    /// bounded while a million messages are written.
    private func fill(_ store: ChatStore, count: Int) throws {
        let batch = 100_000
        var start = 0
        while start < count {
            let end = min(start + batch, count)
            try store.append(contentsOf: corpus.newMessages(conversationID: 1, range: start..<end))
            start = end
            if count >= batch { log("generated \(start) of \(count) messages") }
        }
    }
}
