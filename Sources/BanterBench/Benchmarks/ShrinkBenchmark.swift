import Foundation

/// `banter shrink -j 2` on a 60-step recorded chat (Tests/EndToEndTests/Scenario/Fixtures/
/// long-chat.lua) against a copy of examples/bots/alisha.lua with a bug planted in its
/// greeting: the wall-clock time to reach the steps that show the bug, which the issue
/// wants within 10 s. A run that does not end at 5 steps or fewer fails the benchmark.
struct ShrinkBenchmark: Benchmark {
    let name = "shrink"
    let runs = 5

    func run(in context: BenchContext) throws -> [Figure] {
        let scenario = try makeFixture(in: context.workspace)
        let banter = try ChildProcess.banterExecutable()
        context.log("shrink: banter shrink -j 2 on a 60-step chat with a planted bug (\(runs) runs)")
        var seconds: [Double] = []
        for _ in 0..<runs {
            let run = try ChildProcess.run(banter, ["shrink", "-j", "2", scenario], captureOutput: true)
            guard let first = run.output.split(separator: "\n").first, first.contains("60 steps → "),
                let count = Int(
                    first.split(separator: "→")[1].prefix { $0 != "," }.trimmingCharacters(in: .whitespaces)),
                count <= 5
            else {
                throw BenchError("banter shrink did not reach 5 steps or fewer: \(run.output.prefix(300))")
            }
            seconds.append(run.seconds)
        }
        let median = seconds.sorted()[seconds.count / 2]
        return [
            Figure(
                name: "banter shrink -j 2, a 60-step chat down to its 3 steps", value: median * 1_000,
                unit: .milliseconds, target: Target(value: .atMost(10_000)))
        ]
    }

    /// The chat and the bot with its bug, in the workspace; the scenario's path.
    private func makeFixture(in workspace: Workspace) throws -> String {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let chat = root.appendingPathComponent("Tests/EndToEndTests/Scenario/Fixtures/long-chat.lua")
        guard let scenario = FileManager.default.contents(atPath: chat.path),
            let bot = try? String(contentsOf: root.appendingPathComponent("examples/bots/alisha.lua"), encoding: .utf8)
        else {
            throw BenchError("no \(chat.path): run the benchmarks from the repository's root (scripts/bench does)")
        }
        let correct = "(\"Hi \" .. chat.memory.name .. \"! 😊\")"
        guard bot.contains(correct) else { throw BenchError("alisha.lua no longer has the line the bug is planted in") }
        let folder = URL(fileURLWithPath: workspace.path("shrink"))
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let planted = bot.replacingOccurrences(of: correct, with: "(\"Hi \" .. chat.memory.name:lower() .. \"! 😊\")")
        try Data(planted.utf8).write(to: folder.appendingPathComponent("alisha.lua"))
        try scenario.write(to: folder.appendingPathComponent("long.lua"))
        return folder.appendingPathComponent("long.lua").path
    }
}
