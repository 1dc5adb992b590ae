import Foundation

/// `banter test` over a suite of 1 000 scenarios, each a copy of
/// examples/scenarios/alisha.lua with its bot beside it, as whole processes: scenarios per
/// second with one worker (`-j 1`) and with two (`-j 2`). The `-j 2` figure is compared
/// with the `-j 1` one, so its ratio says how much a second core adds (0.5 would be twice
/// as fast).
///
/// The `banter` measured is the release build beside this benchmark's own executable, as
/// for the cold-start benchmark. Other processes on the machine take cores from `-j 2`
/// first: run it on a quiet machine. The two are measured turn about (`collectInterleaved`),
/// and the ratio is the median of each pair's, because a shared machine's speed drifts by
/// 20% within a minute, which a block of `-j 1` runs followed by a block of `-j 2` runs
/// would read as a change in scaling. The CPU time per scenario (runner and workers, `-j 1`)
/// says what a free core would do.
struct ScenarioSuiteBenchmark: Benchmark {
    let name = "scenarios"
    let count = 1_000
    let runs = 10

    func run(in context: BenchContext) throws -> [Figure] {
        let suite = try makeSuite(in: context.workspace)
        let banter = try ChildProcess.banterExecutable()
        context.log(
            "scenarios: banter test over \(count) copies of alisha.lua, -j 1 and -j 2 (\(runs) runs each, taken turn about)"
        )
        var cpuSeconds: [Double] = []
        func run(jobs: Int) throws -> Double {
            let run = try ChildProcess.run(banter, ["test", "-j", String(jobs), suite], captureOutput: true)
            guard run.output.hasSuffix("\(count) passed, 0 failed\n") else {
                throw BenchError("banter test -j \(jobs) did not pass every scenario: \(run.output.suffix(300))")
            }
            if jobs == 1 { cpuSeconds.append(run.cpuSeconds) }
            return run.seconds
        }
        let samples = try Samples.collectInterleaved(warmUp: 1, count: runs, { try run(jobs: 2) }, { try run(jobs: 1) })
        let rates = [samples.second, samples.first].map { Double(count) / $0.median }
        let ratios = samples.ratios.sorted()
        context.log(
            "scenarios: -j 2 time ÷ -j 1 time, pair by pair: \(ratios.map { String(format: "%.3f", $0) }.joined(separator: " "))"
        )
        let cpuPerScenario = cpuSeconds.sorted()[cpuSeconds.count / 2] / Double(count) * 1_000
        return [
            Figure(
                name: "banter test, CPU time per example scenario (runner and worker, -j 1)", value: cpuPerScenario,
                unit: .milliseconds, target: Target()),
            Figure(
                name: "banter test, \(count) example scenarios, -j 1", value: rates[0], unit: .scenariosPerSecond,
                target: Target()),
            Figure(
                name: "banter test, \(count) example scenarios, -j 2", value: rates[1], unit: .scenariosPerSecond,
                target: Target(value: .atLeast(500), ratio: .atMost(1 / 1.8)),
                baseline: Baseline(name: "the same suite with -j 1", value: rates[0], pairedRatio: samples.medianRatio)),
        ]
    }

    /// The examples' bots and `count` copies of the Alisha scenario, in the workspace.
    private func makeSuite(in workspace: Workspace) throws -> String {
        let examples = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("examples")
        let scenario = examples.appendingPathComponent("scenarios/alisha.lua")
        guard let source = FileManager.default.contents(atPath: scenario.path) else {
            throw BenchError("no \(scenario.path): run the benchmarks from the repository's root (scripts/bench does)")
        }
        let suite = URL(fileURLWithPath: workspace.path("scenario-suite"))
        try? FileManager.default.removeItem(at: suite)
        let scenarios = suite.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: examples.appendingPathComponent("bots"), to: suite.appendingPathComponent("bots"))
        for index in 1...count {
            let name = String(format: "alisha-%04d.lua", index)
            guard FileManager.default.createFile(atPath: scenarios.appendingPathComponent(name).path, contents: source)
            else {
                throw BenchError("could not write \(name) in \(scenarios.path)")
            }
        }
        return suite.path
    }
}
