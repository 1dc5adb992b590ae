import BanterLua
import BanterTestRunner
import Foundation

/// A scenario's branches share their prefix's work: one Alisha scenario with a 50-step
/// prefix and 20 leaves after it, against 20 scenarios each with the prefix copied before
/// one leaf's steps. Both are run as a test worker runs them (`ScenarioCheck`, one entry
/// after another, the leaves as `banter test` lists them), turn about; the figure is the
/// 20 leaves' time, and its ratio to the copies' (at most 1/5).
struct BranchLeavesBenchmark: Benchmark {
    let name = "leaves"
    static let leafCount = 20
    /// `me` and `expect_reply`, 25 times: 50 steps.
    static let prefixRounds = 25
    let runs = 15

    func run(in context: BenchContext) throws -> [Figure] {
        let (branched, copies) = try makeSuite(in: context.workspace)
        let check = try ScenarioCheck(limits: .default)
        let leaves = ScenarioCase.expand([branched], limits: .default)
        guard leaves.count == Self.leafCount else {
            throw BenchError("\(branched) lists \(leaves.count) leaves, not \(Self.leafCount)")
        }
        context.log(
            "leaves: \(Self.leafCount) leaves after a \(Self.prefixRounds * 2)-step prefix against \(Self.leafCount) copies (\(runs) runs each, turn about)"
        )
        func run(_ entries: [String]) throws -> Double {
            try Stopwatch.seconds {
                for entry in entries {
                    let result = check.run(entry).result
                    guard case .passed = result.verdict else {
                        throw BenchError("\(result.name) did not pass: \(result.verdict)")
                    }
                }
            }
        }
        let reusesBefore = check.prefixReuses
        let samples = try Samples.collectInterleaved(warmUp: 1, count: runs, { try run(leaves) }, { try run(copies) })
        let reuses = (check.prefixReuses - reusesBefore) / (runs + 1)
        context.log("leaves: \(reuses) of \(Self.leafCount) leaves started from the kept prefix each run")
        return [
            Figure(
                name: "branches: \(Self.leafCount) leaves after a \(Self.prefixRounds * 2)-step prefix (one worker)",
                value: samples.first.median * 1_000, unit: .milliseconds, target: Target(ratio: .atMost(1.0 / 5)),
                baseline: Baseline(
                    name: "\(Self.leafCount) scenarios with the prefix copied", value: samples.second.median * 1_000,
                    pairedRatio: samples.medianRatio))
        ]
    }

    /// The scenario with branches and its copies, beside the examples' bots.
    private func makeSuite(in workspace: Workspace) throws -> (branched: String, copies: [String]) {
        let examples = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("examples")
        guard FileManager.default.fileExists(atPath: examples.appendingPathComponent("bots/alisha.lua").path) else {
            throw BenchError(
                "no examples/bots/alisha.lua: run the benchmarks from the repository's root (scripts/bench does)")
        }
        let suite = URL(fileURLWithPath: workspace.path("leaves-suite"))
        try? FileManager.default.removeItem(at: suite)
        let scenarios = suite.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: examples.appendingPathComponent("bots"), to: suite.appendingPathComponent("bots"))
        let header = "scenario { bot = \"../bots/alisha.lua\", start = \"2026-11-20 19:00\", seed = 7 }\n"
        let prefix = (1...Self.prefixRounds).map {
            "me \"I like hobby \($0)\"\nexpect_reply { pattern = \"^Oh, hobby \($0)%?\" }\n"
        }.joined()
        func leaf(_ index: Int) -> [String] {
            ["me \"what do I like?\"", "expect_reply { pattern = \"hobby \(index)\" }"]
        }
        let branches = (1...Self.leafCount).map {
            "branch \"leaf \($0)\" {\n  " + leaf($0).joined(separator: ",\n  ") + ",\n}\n"
        }.joined()
        func write(_ name: String, _ text: String) throws -> String {
            let path = scenarios.appendingPathComponent(name).path
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
                throw BenchError("could not write \(path)")
            }
            return path
        }
        let branched = try write("branched.lua", header + prefix + branches)
        let copies = try (1...Self.leafCount).map {
            try write(String(format: "copy-%02d.lua", $0), header + prefix + leaf($0).joined(separator: "\n") + "\n")
        }
        return (branched, copies)
    }
}
