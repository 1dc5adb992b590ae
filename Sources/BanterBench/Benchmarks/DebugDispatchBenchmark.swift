import BanterCore
import BanterScript
import Foundation

/// What the step debugger costs a bot that is not paused: the `lua` benchmark's 100 000
/// messages through the same pattern bot, in a debug session, against the same runtime with
/// no debugger (taken turn about, CPU time). With no breakpoint set (`/debug on` alone) the
/// hook takes no line events and the support code makes no debugger calls; with a line
/// breakpoint that never fires the hook checks every line.
struct DebugDispatchBenchmark: Benchmark {
    let name = "debug"
    let count = 100_000

    func run(in context: BenchContext) throws -> [Figure] {
        let workspace = context.workspace
        let botPath = workspace.path("bench-debug-bot.lua")
        try PatternBot.script.write(toFile: botPath, atomically: false, encoding: .utf8)
        let messages = context.corpus.messages(count: count).map { message in
            var message = message
            message.sender = .me
            return message
        }
        context.log("debug: \(count) messages through a pattern bot in a debug session vs without a debugger")

        func dispatch(_ breakpoints: [Breakpoint]?) throws -> Double {
            let host = BenchBotHost(now: messages[messages.count - 1].sentAt)
            let runtime = try BotRuntime(scriptPath: botPath, host: host)
            if let breakpoints {
                // A session that had a breakpoint on a reply and a handler, then kept these.
                runtime.breakpoints = [.reply, .handler(pattern: "never")]
                runtime.breakpoints = breakpoints
            }
            let seconds = CPUTime.seconds {
                for message in messages { runtime.received(message) }
            }
            guard host.failures.isEmpty, host.replies == count, runtime.pause == nil else {
                throw BenchError("the bench bot answered \(host.replies) of \(count) messages in the debug benchmark")
            }
            return seconds
        }

        let idle = try Samples.collectInterleaved(warmUp: 1, count: 4, { try dispatch([]) }, { try dispatch(nil) })
        let armed = try Samples.collectInterleaved(
            warmUp: 1, count: 4, { try dispatch([.line(file: "bench-debug-bot.lua", line: 9999)]) },
            { try dispatch(nil) })
        func figure(_ name: String, _ samples: PairedSamples, atMost ratio: Double) -> Figure {
            Figure(
                name: name, value: Double(count) / samples.first.median, unit: .messagesPerSecond,
                target: Target(ratio: .atMost(ratio)),
                baseline: Baseline(
                    name: "the same runtime without a debugger (the lua figure's)",
                    value: Double(count) / samples.second.median, pairedRatio: samples.medianRatio))
        }
        return [
            figure("Lua dispatch in a debug session, no breakpoint, 100 000 messages (CPU time)", idle, atMost: 1.3),
            figure("Lua dispatch in a debug session, a line breakpoint never reached (CPU time)", armed, atMost: 3),
        ]
    }
}
