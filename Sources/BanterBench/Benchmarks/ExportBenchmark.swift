import Foundation

/// Exporting the 1 000 000-message conversation, whole process (`banter export` to standard
/// output, discarded), in each format: time and peak memory. The baseline is the `sqlite3`
/// command-line tool writing the same rows as JSON (`sqlite3 -json`, the same SELECT in
/// layout order), in the same run. `banter render --all` of the same conversation streams
/// the same way and is measured with it.
struct ExportBenchmark: Benchmark {
    let name = "export"

    func run(in context: BenchContext) throws -> [Figure] {
        let path = try context.largeDatabase()
        let banter = try ChildProcess.banterExecutable()
        let conversation = ["--db", path, "--conversation", BenchContext.conversationTitle]
        context.log(
            "export: 1 000 000 messages as JSON, Markdown and HTML, against sqlite3 -json (2 runs each, best kept)")

        // Warms the page cache, so that every run reads the database from memory.
        _ = try ChildProcess.run("sqlite3", [path, "SELECT count(*), sum(length(text)) FROM messages"])
        let sqlite = try Samples.collect(warmUp: 0, count: 2) {
            try ChildProcess.run("sqlite3", ["-json", path, Self.query]).seconds
        }
        let sqliteMilliseconds = sqlite.minimum * 1000
        let baseline = Baseline(name: "sqlite3 -json, same rows", value: sqliteMilliseconds)

        var figures: [Figure] = []
        for format in ["json", "markdown", "html"] {
            let run = try Self.best(of: 2) {
                try ChildProcess.timedWithPeakMemory(banter, ["export", "--format", format] + conversation)
            }
            figures.append(
                Figure(
                    name: "export --format \(format), 1 000 000 messages, whole process", value: run.seconds * 1000,
                    unit: .milliseconds, target: Target(ratio: .atMost(3)), baseline: baseline))
            figures.append(
                Figure(
                    name: "memory: peak RSS of export --format \(format)", value: Double(run.peakBytes) / 1_048_576,
                    unit: .mebibytes, target: Target(value: .atMost(64))))
        }
        context.log("export: banter render --all of the same conversation")
        let render = try ChildProcess.timedWithPeakMemory(banter, ["render", "--all", "--width", "80"] + conversation)
        figures.append(
            Figure(
                name: "render --all, 1 000 000 messages, whole process", value: render.seconds * 1000,
                unit: .milliseconds, target: Target(), baseline: baseline))
        figures.append(
            Figure(
                name: "memory: peak RSS of render --all", value: Double(render.peakBytes) / 1_048_576,
                unit: .mebibytes, target: Target(value: .atMost(64))))
        return figures
    }

    /// The rows an export reads, in the order it reads them.
    static let query = """
        SELECT id, conversation_id, sender, text, sent_at, status FROM messages
        WHERE conversation_id = 1 ORDER BY sent_at, id
        """

    /// The fastest of `count` runs, with the largest peak memory seen.
    static func best(of count: Int, _ body: () throws -> (seconds: Double, peakBytes: Int)) throws
        -> (seconds: Double, peakBytes: Int)
    {
        var best = (seconds: Double.infinity, peakBytes: 0)
        for _ in 0..<count {
            let run = try body()
            best = (min(best.seconds, run.seconds), max(best.peakBytes, run.peakBytes))
        }
        return best
    }
}
