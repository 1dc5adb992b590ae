import Foundation

/// Start-up as a user feels it: a whole `banter render` process that prints the last page of
/// a 1 000 000-message conversation, timed over repeated runs, with its peak memory. The
/// baseline is the `sqlite3` command-line tool querying the same page, run turn about with
/// `banter` after two warm-up runs of each (which fill the page cache, so the figure is
/// start-up, not disk), in wall time and then in CPU time (steadier on a loaded machine). Then the floor every `banter` call pays, `banter --version` against
/// `sqlite3 --version`, in CPU time (a few milliseconds, where wall time on a shared
/// machine is mostly waiting for a core).
///
/// The `banter` measured is the release build beside this benchmark's own executable
/// (`scripts/bench` builds both into the same folder, with the Swift runtime linked in).
struct ColdStartBenchmark: Benchmark {
    let name = "cold-start"
    let runs = 20

    func run(in context: BenchContext) throws -> [Figure] {
        let path = try context.largeDatabase()
        let banter = try ChildProcess.banterExecutable()
        context.log("cold start: \(runs) runs each of banter render and sqlite3, then of their --version")
        let arguments = [
            "render", "--db", path, "--conversation", BenchContext.conversationTitle,
            "--limit", String(PagingBenchmark.pageSize), "--width", "80",
        ]
        let query = """
            SELECT id, conversation_id, sender, text, sent_at, status FROM messages
            WHERE conversation_id = 1 ORDER BY sent_at DESC, id DESC LIMIT \(PagingBenchmark.pageSize)
            """
        let samples = try Samples.collectInterleaved(
            warmUp: 2, count: runs,
            { try ChildProcess.run(banter, arguments).seconds },
            { try ChildProcess.run("sqlite3", [path, query]).seconds })
        // The same pairs in CPU time: on a shared machine the wall-clock ratio mostly measures
        // waiting for a core (the longer process waits more), CPU time what each process does.
        let cpu = try Samples.collectInterleaved(
            warmUp: 0, count: runs,
            { try ChildProcess.run(banter, arguments).cpuSeconds },
            { try ChildProcess.run("sqlite3", [path, query]).cpuSeconds })
        let versions = try Samples.collectInterleaved(
            warmUp: 2, count: runs,
            { try ChildProcess.run(banter, ["--version"]).cpuSeconds },
            { try ChildProcess.run("sqlite3", ["--version"]).cpuSeconds })
        let renderPeak = try Self.peakMebibytes(banter, arguments)
        let sqlitePeak = try Self.peakMebibytes("sqlite3", [path, query])

        return [
            Self.figure(
                "cold start: banter render, last page, whole process", samples,
                target: Target(value: .atMost(100), ratio: .atMost(2.5)), baseline: "sqlite3 CLI, same page"),
            Self.figure(
                "cold start: banter render, last page, CPU time", cpu, target: Target(ratio: .atMost(2.5)),
                baseline: "sqlite3 CLI, same page"),
            Self.figure(
                "cold start: banter --version, CPU time", versions, target: Target(ratio: .atMost(1.5)),
                baseline: "sqlite3 --version"),
            Figure(
                name: "memory: peak RSS of that run", value: renderPeak, unit: .mebibytes,
                target: Target(value: .atMost(40)),
                baseline: Baseline(name: "sqlite3 CLI, same page", value: sqlitePeak)),
        ]
    }

    /// A figure of paired runs in milliseconds: `banter`'s median against the baseline's.
    private static func figure(_ name: String, _ pairs: PairedSamples, target: Target, baseline: String) -> Figure {
        Figure(
            name: name, value: pairs.first.medianMilliseconds, unit: .milliseconds, target: target,
            baseline: Baseline(name: baseline, value: pairs.second.medianMilliseconds, pairedRatio: pairs.medianRatio))
    }

    /// The largest peak memory of three runs.
    private static func peakMebibytes(_ executable: String, _ arguments: [String]) throws -> Double {
        var peak = 0
        for _ in 0..<3 {
            peak = max(peak, try ChildProcess.peakResidentBytes(executable, arguments))
        }
        return Double(peak) / 1_048_576
    }
}
