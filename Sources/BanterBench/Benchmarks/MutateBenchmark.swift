import Foundation

/// `banter mutate examples/ -j 2`: every example bot's mutants run on every example
/// scenario that covers them, as one process; the wall-clock time, which the issue wants
/// within 60 s. The mutant count and the score are logged with it.
struct MutateBenchmark: Benchmark {
    let name = "mutate"
    let runs = 3

    func run(in context: BenchContext) throws -> [Figure] {
        let examples = FileManager.default.currentDirectoryPath + "/examples"
        guard FileManager.default.fileExists(atPath: examples) else {
            throw BenchError("no \(examples): run the benchmarks from the repository's root (scripts/bench does)")
        }
        let banter = try ChildProcess.banterExecutable()
        context.log("mutate: banter mutate examples/ -j 2 (\(runs) runs)")
        var seconds: [Double] = []
        for _ in 0..<runs {
            let run = try ChildProcess.run(banter, ["mutate", "-j", "2", examples], captureOutput: true)
            let summary = run.output.split(separator: "\n").suffix(2)
            guard summary.count == 2, summary.last?.hasPrefix("Mutation score: ") == true else {
                throw BenchError("banter mutate did not finish with a score: \(run.output.suffix(300))")
            }
            context.log("mutate: " + summary.joined(separator: " / "))
            seconds.append(run.seconds)
        }
        return [
            Figure(
                name: "banter mutate examples/ -j 2 (every bot, every scenario)",
                value: seconds.sorted()[seconds.count / 2] * 1_000, unit: .milliseconds,
                target: Target(value: .atMost(60_000)))
        ]
    }
}
