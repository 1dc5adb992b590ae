import BanterCore
import BanterLua
import BanterModels
import BanterScenario
import BanterScript
import BanterStore
import Foundation

/// What answering `chat:complete` from a cassette costs a scenario: the same 40-message
/// scenario run in this process (`ScenarioRunner` on an in-memory store, as a test worker
/// runs one) with a bot that asks a model for every answer, replayed from its
/// `NAME.cassette.jsonl`, and with a Lua bot that writes the same answers itself. The
/// figure is the time of the cassette run over the Lua run, taken turn about.
struct CassetteBenchmark: Benchmark {
    let name = "cassette"
    let exchanges = 40
    let runs = 30

    static let modelBot = """
        bot { name = "Muse" }
        fallback(function(msg, chat)
          local text, err = chat:complete {
            model = "local", system = "You are Muse.", messages = chat:history_messages(6), max_tokens = 60,
          }
          chat:reply(text or err)
        end)
        """

    static let luaBot = """
        bot { name = "Muse" }
        fallback(function(msg, chat) chat:reply("Muse says: " .. msg.text) end)
        """

    /// Answers as the Lua bot does, while the cassette is first written.
    final class EchoModels: ModelService, @unchecked Sendable {
        var cassette = Cassette()
        func start(_ request: ModelRequest) -> ModelCall {
            let outcome: Result<String, ModelFailure> = .success("Muse says: " + (request.messages.last?.content ?? ""))
            cassette.append(request, outcome)
            return ModelCall(finished: outcome)
        }
        var answeredCount: Int { cassette.entries.count }
        func cassetteText(skipping skipped: Int) -> String? { cassette.text(skipping: skipped) }
    }

    func run(in context: BenchContext) throws -> [Figure] {
        let workspace = context.workspace
        try Self.modelBot.write(toFile: workspace.path("muse.lua"), atomically: false, encoding: .utf8)
        try Self.luaBot.write(toFile: workspace.path("echo.lua"), atomically: false, encoding: .utf8)
        let steps = (1...exchanges).map {
            "me \"message number \($0)\"\nexpect_reply \"Muse says: message number \($0)\""
        }
        .joined(separator: "\n")
        let header = "scenario { bot = \"BOT\", start = \"2026-11-20 18:00\", seed = 1 }\n"
        let modelScenario = workspace.path("muse-scenario.lua")
        let luaScenario = workspace.path("echo-scenario.lua")
        try (header.replacingOccurrences(of: "BOT", with: "muse.lua") + steps).write(
            toFile: modelScenario, atomically: false, encoding: .utf8)
        try (header.replacingOccurrences(of: "BOT", with: "echo.lua") + steps).write(
            toFile: luaScenario, atomically: false, encoding: .utf8)
        let recorder = EchoModels()
        try runScenario(modelScenario, models: recorder)
        try recorder.cassette.text.write(
            toFile: Cassette.path(forScenario: modelScenario), atomically: false, encoding: .utf8)
        context.log("cassette: a \(exchanges)-message scenario, answered from a cassette vs by Lua (\(runs) runs each)")
        let samples = try Samples.collectInterleaved(
            warmUp: 2, count: runs,
            {
                try Stopwatch.seconds {
                    try runScenario(modelScenario, models: CassetteModels(scenarioPath: modelScenario))
                }
            },
            { try Stopwatch.seconds { try runScenario(luaScenario, models: nil) } })
        let cassette = samples.first.median * 1000
        let lua = samples.second.median * 1000
        context.log(
            String(format: "cassette: %.3f ms a run from the cassette, %.3f ms with the Lua bot", cassette, lua))
        return [
            Figure(
                name: "Scenario replayed from a cassette (\(exchanges) model calls)", value: cassette,
                unit: .milliseconds, target: Target(ratio: .atMost(1.5)),
                baseline: Baseline(
                    name: "the same scenario with a Lua bot", value: lua, pairedRatio: samples.medianRatio))
        ]
    }

    /// Runs the scenario at `path` on a fresh in-memory store; throws unless it passes.
    private func runScenario(_ path: String, models: (any ModelService)?) throws {
        let script = try ScenarioScript(path: path, limits: .default)
        let runner = try ScenarioRunner(
            script: script, store: try ChatStore(path: ":memory:"), loadedBots: nil, models: models)
        let failures = try runner.run()
        guard failures.isEmpty else { throw BenchError("\(path) failed: \(failures.prefix(2))") }
    }
}
