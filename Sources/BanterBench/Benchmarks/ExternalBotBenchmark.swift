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

    func run(in context: BenchContext) throws -> [Figure] {
        let workspace = context.workspace
        let luaPath = workspace.path("echo.lua")
        let pythonPath = workspace.path("echo.toml")
        try EchoRounds.lua.write(toFile: luaPath, atomically: false, encoding: .utf8)
        try Self.python.write(toFile: workspace.path("echo.py"), atomically: false, encoding: .utf8)
        try "command = [\"python3\", \"echo.py\"]\n".write(toFile: pythonPath, atomically: false, encoding: .utf8)
        var rounds = EchoRounds(count: count, in: context)
        let added = try rounds.addedOverLua(label: "external", over: "JSON Lines", luaPath: luaPath, in: context) {
            try ExternalBot(scriptPath: pythonPath, host: $0)
        }
        return [
            Figure(
                name: "External bot round trip added per message, Python echo over JSON Lines minus Lua echo",
                value: added, unit: .milliseconds, target: Target(value: .atMost(0.2)))
        ]
    }
}
