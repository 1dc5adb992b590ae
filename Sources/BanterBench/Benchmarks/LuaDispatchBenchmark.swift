import BanterCore
import BanterScript
import Foundation

/// 100 000 user messages through a pattern bot in Banter's sandboxed runtime (a coroutine
/// per message, instruction budget, memory sync), against the stand-alone `lua5.4`
/// interpreter calling the same handler functions with the same messages. Both sides are
/// timed in CPU time, since `os.clock` is all the interpreter offers.
struct LuaDispatchBenchmark: Benchmark {
    let name = "lua"
    let count = 100_000

    func run(in context: BenchContext) throws -> [Figure] {
        let workspace = context.workspace
        let botPath = workspace.path("bench-bot.lua")
        let messagesPath = workspace.path("bench-messages.lua")
        let baselinePath = workspace.path("bench-baseline.lua")
        let messages = Self.messages(context.corpus.messages(count: count))
        try PatternBot.script.write(toFile: botPath, atomically: false, encoding: .utf8)
        try PatternBot.messagesChunk(messages.map(\.text)).write(
            toFile: messagesPath, atomically: false, encoding: .utf8)
        try PatternBot.baseline.write(toFile: baselinePath, atomically: false, encoding: .utf8)
        context.log(
            "lua: \(count) messages through a pattern bot, Banter's runtime vs lua5.4 (4 runs each, taken turn about)")

        let samples = try Samples.collectInterleaved(
            warmUp: 1, count: 4,
            {
                let host = BenchBotHost(now: messages[messages.count - 1].sentAt)
                let runtime = try BotRuntime(scriptPath: botPath, host: host)
                let seconds = CPUTime.seconds {
                    for message in messages { runtime.received(message) }
                }
                guard host.failures.isEmpty, host.replies == count else {
                    throw BenchError(
                        "the bench bot answered \(host.replies) of \(count) messages; errors: \(host.failures.prefix(3))"
                    )
                }
                return seconds
            },
            {
                let output = try ChildProcess.run("lua5.4", [baselinePath, messagesPath, botPath], captureOutput: true)
                    .output
                let fields = output.split(separator: " ")
                guard fields.count == 2, let seconds = Double(fields[0]),
                    Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) == count
                else {
                    throw BenchError(
                        "the lua5.4 baseline printed \"\(output)\" instead of its time and \(count) replies")
                }
                return seconds
            })
        return [
            Figure(
                name: "Lua handler dispatch, 100 000 messages, pattern bot (CPU time)",
                value: Double(count) / samples.first.median, unit: .messagesPerSecond,
                target: Target(value: .atLeast(300_000), ratio: .atMost(3)),
                baseline: Baseline(
                    name: "lua5.4, same handlers, plain calls", value: Double(count) / samples.second.median,
                    pairedRatio: samples.medianRatio))
        ]
    }

    /// The corpus with every fifth message replaced by one that a pattern handler answers,
    /// all from the user.
    private static func messages(_ corpus: [Message]) -> [Message] {
        let triggers = ["hi there", "what's the weather in Paris?", "how much is 12 + 30", "bye for now"]
        return corpus.enumerated().map { index, message in
            var message = message
            message.sender = .me
            if index.isMultiple(of: 5) { message.text = triggers[(index / 5) % triggers.count] }
            return message
        }
    }
}
