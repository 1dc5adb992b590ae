import BanterCore
import BanterExternal
import BanterScript
import Foundation

/// What speaking JSON Lines to a bot program adds per message: the same echo bot as a
/// Python program (`ExternalBot`: an event written to its stdin, its reply and `done` read
/// back, the process and pipes included) and as a Lua script (`BotRuntime`), the same
/// messages through each, taken turn about, in wall time (the program is another process).
/// The figure is the difference per message, which holds Python's own JSON work too.
struct ExternalBotBenchmark: Benchmark {
    let name = "external"
    let count = 5_000

    static let python = """
        from json import dumps, loads
        from sys import stdin, stdout
        for line in stdin:
            event = loads(line)
            if event["type"] == "message":
                stdout.write(dumps({"type": "reply", "text": event["message"]["text"]}) + "\\n")
            stdout.write('{"type":"done"}\\n')
            stdout.flush()
        """

    static let lua = """
        bot { name = "Echo" }
        fallback(function(msg, chat) chat:reply(msg.text) end)
        """

    func run(in context: BenchContext) throws -> [Figure] {
        let workspace = context.workspace
        let luaPath = workspace.path("echo.lua")
        let pythonPath = workspace.path("echo.toml")
        try Self.lua.write(toFile: luaPath, atomically: false, encoding: .utf8)
        try Self.python.write(toFile: workspace.path("echo.py"), atomically: false, encoding: .utf8)
        try "command = [\"python3\", \"echo.py\"]\n".write(toFile: pythonPath, atomically: false, encoding: .utf8)
        let messages = context.corpus.messages(count: count).map { message in
            var message = message
            message.sender = .me
            return message
        }
        context.log("external: \(count) messages through an echo bot, Python over JSON Lines vs Lua (4 runs each)")

        // Banter's own CPU time a message, per kind, logged beside the wall-time figure: the
        // part of the round trip that is this process's work rather than waiting for a core.
        var cpu: [String: [Double]] = [:]
        func perMessage(_ kind: String, _ makeBot: (BenchBotHost) throws -> any ChatBot) throws -> Double {
            let host = BenchBotHost(now: messages[messages.count - 1].sentAt)
            let bot = try makeBot(host)
            bot.conversationOpened(firstTime: false)
            var thread = 0.0
            let seconds = Stopwatch.seconds {
                thread = CPUTime.seconds {
                    for message in messages { bot.received(message) }
                }
            }
            cpu[kind, default: []].append(thread * 1000 / Double(count))
            guard host.failures.isEmpty, host.replies == count else {
                throw BenchError(
                    "the echo bot answered \(host.replies) of \(count) messages; errors: \(host.failures.prefix(3))")
            }
            return seconds * 1000 / Double(count)
        }
        let samples = try Samples.collectInterleaved(
            warmUp: 1, count: 4,
            { try perMessage("python") { try ExternalBot(scriptPath: pythonPath, host: $0) } },
            { try perMessage("lua") { try BotRuntime(scriptPath: luaPath, host: $0) } })
        let python = samples.first.median
        let lua = samples.second.median
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        context.log(
            String(
                format: "external: %.4f ms a message in Python, %.4f ms in Lua (wall); Banter's CPU %.4f and %.4f ms",
                python, lua, median(cpu["python"] ?? [0]), median(cpu["lua"] ?? [0])))
        return [
            Figure(
                name: "External bot round trip added per message, Python echo over JSON Lines minus Lua echo",
                value: python - lua, unit: .milliseconds, target: Target(value: .atMost(0.2)))
        ]
    }
}
