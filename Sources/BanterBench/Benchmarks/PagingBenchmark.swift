import BanterCore
import BanterStore

/// Keyset paging must cost the same at any depth: the latest page and the page before a
/// message in the middle, in a conversation of 1 000 000 messages against one of 1 000.
struct PagingBenchmark: Benchmark {
    let name = "paging"
    /// Messages per page: a tall terminal's worth.
    static let pageSize = 50

    func run(in context: BenchContext) throws -> [Figure] {
        let large = try ChatStore(path: context.largeDatabase())
        let small = try ChatStore(path: context.smallDatabase())
        context.log("paging: latest page and page before a message, 1 000 000 vs 1 000")

        let latestLarge = try Self.latency { _ = try large.latestPage(conversationID: 1, limit: Self.pageSize) }
        let latestSmall = try Self.latency { _ = try small.latestPage(conversationID: 1, limit: Self.pageSize) }
        let anchorLarge = try Self.middleMessage(large, count: BenchContext.largeCount)
        let anchorSmall = try Self.middleMessage(small, count: BenchContext.smallCount)
        let beforeLarge = try Self.latency { _ = try large.page(before: anchorLarge, limit: Self.pageSize) }
        let beforeSmall = try Self.latency { _ = try small.page(before: anchorSmall, limit: Self.pageSize) }

        let target = Target(value: .atMost(1), ratio: .atMost(1.5))
        return [
            Figure(
                name: "paging: latest page of 50, 1 000 000 messages", value: latestLarge, unit: .milliseconds,
                target: target, baseline: Baseline(name: "same, 1 000 messages", value: latestSmall)),
            Figure(
                name: "paging: page of 50 before a message, 1 000 000 messages", value: beforeLarge,
                unit: .milliseconds, target: target,
                baseline: Baseline(name: "same, 1 000 messages", value: beforeSmall)),
        ]
    }

    /// Milliseconds per call: the median of 40 samples, each the mean of 25 calls (a single
    /// call is too short for the clock's resolution to compare reliably).
    private static func latency(_ body: () throws -> Void) throws -> Double {
        let calls = 25
        let samples = try Samples.collect(warmUp: 5, count: 40) {
            try Stopwatch.seconds { for _ in 0..<calls { try body() } } / Double(calls)
        }
        return samples.medianMilliseconds
    }

    /// The message half-way through the conversation: a page deep in the history.
    private static func middleMessage(_ store: ChatStore, count: Int) throws -> Message {
        guard let message = try store.message(id: Int64(count / 2)) else {
            throw BenchError("message \(count / 2) is missing from the generated conversation")
        }
        return message
    }
}
