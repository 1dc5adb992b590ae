import Foundation

/// Start-up as a user feels it: a whole `banter render` process that prints the last page of
/// a 1 000 000-message conversation, timed over repeated runs, with its peak memory. The
/// baseline is the `sqlite3` command-line tool querying the same page.
///
/// The `banter` measured is the release build beside this benchmark's own executable
/// (`scripts/bench` builds both into the same folder, with the Swift runtime linked in).
struct ColdStartBenchmark: Benchmark {
    let name = "cold-start"
    let runs = 20

    func run(in context: BenchContext) throws -> [Figure] {
        let path = try context.largeDatabase()
        let banter = try ChildProcess.banterExecutable()
        context.log("cold start: \(runs) runs each of banter render and sqlite3")
        let arguments = [
            "render", "--db", path, "--conversation", BenchContext.conversationTitle,
            "--limit", String(PagingBenchmark.pageSize), "--width", "80",
        ]
        let query = """
            SELECT id, conversation_id, sender, text, sent_at, status FROM messages
            WHERE conversation_id = 1 ORDER BY sent_at DESC, id DESC LIMIT \(PagingBenchmark.pageSize)
            """
        let render = try Self.measure(banter, arguments, runs: runs)
        let sqlite = try Self.measure("sqlite3", [path, query], runs: runs)

        return [
            Figure(
                name: "cold start: banter render, last page, whole process",
                value: render.samples.medianMilliseconds, unit: .milliseconds,
                target: Target(value: .atMost(100), ratio: .atMost(5)),
                baseline: Baseline(name: "sqlite3 CLI, same page", value: sqlite.samples.medianMilliseconds)),
            Figure(
                name: "memory: peak RSS of that run", value: render.peakMebibytes, unit: .mebibytes,
                target: Target(value: .atMost(40)),
                baseline: Baseline(name: "sqlite3 CLI, same page", value: sqlite.peakMebibytes)),
        ]
    }

    /// Times whole-process runs after two warm-up runs (which fill the page cache, so the
    /// figure is start-up, not disk), then measures peak memory over three more runs (the
    /// largest seen).
    private static func measure(_ executable: String, _ arguments: [String], runs: Int) throws
        -> (samples: Samples, peakMebibytes: Double)
    {
        let samples = try Samples.collect(warmUp: 2, count: runs) {
            try ChildProcess.run(executable, arguments).seconds
        }
        var peak = 0
        for _ in 0..<3 {
            peak = max(peak, try ChildProcess.peakResidentBytes(executable, arguments))
        }
        return (samples, Double(peak) / 1_048_576)
    }
}
