import BanterCore
import BanterStore

/// Forking copies nothing: a fork of the 1 000 000-message conversation at message 500 000
/// costs a few rows whatever the conversation's length, and paging a branch (its own
/// messages after the fork, the 499 999 it shares before) costs what paging a branch of a
/// 1 000-message conversation does, as does paging the branch it was forked from.
struct BranchBenchmark: Benchmark {
    let name = "branches"
    /// Messages written on the new branch after the fork, so that its pages cross from its
    /// own lane into the shared one.
    static let ownMessages = 30

    func run(in context: BenchContext) throws -> [Figure] {
        context.log("branches: fork at the middle, then paging on both branches, 1 000 000 vs 1 000")
        _ = try context.largeDatabase()
        _ = try context.smallDatabase()
        try context.workspace.copyDatabase("large.sqlite", to: "branched-large.sqlite")
        try context.workspace.copyDatabase("small.sqlite", to: "branched-small.sqlite")
        let large = try ChatStore(path: context.workspace.path("branched-large.sqlite"))
        let small = try ChatStore(path: context.workspace.path("branched-small.sqlite"))

        let forkPoint = Int64(BenchContext.largeCount / 2)
        let sizeBefore = try Self.databaseBytes(context.workspace.path("branched-large.sqlite"))
        let forkSamples = try Samples.collect(warmUp: 0, count: 20) {
            try Stopwatch.seconds { _ = try large.fork(conversationID: 1, at: forkPoint) }
        }
        let added = try Self.databaseBytes(context.workspace.path("branched-large.sqlite")) - sizeBefore
        let perFork = Double(added) / Double(forkSamples.seconds.count)

        try large.fork(conversationID: 1, at: forkPoint)
        try small.fork(conversationID: 1, at: Int64(BenchContext.smallCount / 2))
        for store in [large, small] {
            try store.append(
                contentsOf: context.corpus.newMessages(conversationID: 1, range: 0..<Self.ownMessages).map {
                    var message = $0
                    message.sentAt = Timestamp(
                        millisecondsSince1970: 4_000_000_000_000 + $0.sentAt.millisecondsSince1970)
                    return message
                })
        }
        let latestLarge = try Self.latency {
            _ = try large.latestPage(conversationID: 1, limit: PagingBenchmark.pageSize)
        }
        let latestSmall = try Self.latency {
            _ = try small.latestPage(conversationID: 1, limit: PagingBenchmark.pageSize)
        }
        let deepLarge = try Self.message(large, id: forkPoint / 2)
        let deepSmall = try Self.message(small, id: Int64(BenchContext.smallCount / 4))
        let beforeLarge = try Self.latency { _ = try large.page(before: deepLarge, limit: PagingBenchmark.pageSize) }
        let beforeSmall = try Self.latency { _ = try small.page(before: deepSmall, limit: PagingBenchmark.pageSize) }
        try large.switchBranch(conversationID: 1, to: "1")
        try small.switchBranch(conversationID: 1, to: "1")
        let oldLarge = try Self.latency { _ = try large.latestPage(conversationID: 1, limit: PagingBenchmark.pageSize) }
        let oldSmall = try Self.latency { _ = try small.latestPage(conversationID: 1, limit: PagingBenchmark.pageSize) }

        let paging = Target(value: .atMost(1), ratio: .atMost(1.5))
        return [
            Figure(
                name: "branches: fork 1 000 000 messages at 500 000", value: forkSamples.medianMilliseconds,
                unit: .milliseconds, target: Target(value: .atMost(50))),
            Figure(
                name: "branches: database growth per fork", value: perFork / 1024, unit: .kibibytes,
                target: Target(value: .atMost(64))),
            Figure(
                name: "branches: latest page of 50 on the fork, 1 000 000 messages", value: latestLarge,
                unit: .milliseconds, target: paging,
                baseline: Baseline(name: "same, 1 000 messages", value: latestSmall)),
            Figure(
                name: "branches: page of 50 in the shared part, 1 000 000 messages", value: beforeLarge,
                unit: .milliseconds, target: paging,
                baseline: Baseline(name: "same, 1 000 messages", value: beforeSmall)),
            Figure(
                name: "branches: latest page of 50 on the forked-from branch, 1 000 000", value: oldLarge,
                unit: .milliseconds, target: paging,
                baseline: Baseline(name: "same, 1 000 messages", value: oldSmall)),
        ]
    }

    /// The database's size with its write-ahead log folded in: pages in use × page size.
    private static func databaseBytes(_ path: String) throws -> Int64 {
        let database = try RawDatabase(path: path)
        return try database.integer("PRAGMA page_count") * database.integer("PRAGMA page_size")
    }

    /// Milliseconds per call, as `PagingBenchmark` measures them.
    private static func latency(_ body: () throws -> Void) throws -> Double {
        let calls = 25
        let samples = try Samples.collect(warmUp: 5, count: 40) {
            try Stopwatch.seconds { for _ in 0..<calls { try body() } } / Double(calls)
        }
        return samples.medianMilliseconds
    }

    private static func message(_ store: ChatStore, id: Int64) throws -> Message {
        guard let message = try store.message(id: id) else { throw BenchError("message \(id) is missing") }
        return message
    }
}
