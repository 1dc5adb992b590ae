import BanterCore
import BanterExternal
import BanterScript
import Foundation

/// What posting each message to a bot behind an HTTP endpoint adds: the same echo bot as a
/// Python web server on loopback (standard library, keep-alive; `ExternalBot` posting Banter's
/// events through AsyncHTTPClient and waiting for the answer) and as a Lua script, the same
/// messages through each, taken turn about, in wall time. The figure is the difference a
/// message, Python's HTTP server and JSON work included; reported for information (the issue
/// sets a target for program bots only). The server sets TCP_NODELAY, as a server should
/// (docs/external-bots.md): without it each answer's body waited 40 ms for Banter's delayed
/// acknowledgement, and the figure was 44 ms.
struct HTTPBotBenchmark: Benchmark {
    let name = "http"
    let count = 2_000

    static let python = """
        from json import dumps, loads
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Echo(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def do_POST(self):
                event = loads(self.rfile.read(int(self.headers["Content-Length"])))
                actions = [{"type": "reply", "text": event["message"]["text"]}] if event["type"] == "message" else []
                body = dumps(actions).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    func run(in context: BenchContext) throws -> [Figure] {
        let workspace = context.workspace
        let luaPath = workspace.path("echo.lua")
        try EchoRounds.lua.write(toFile: luaPath, atomically: false, encoding: .utf8)
        try Self.python.write(toFile: workspace.path("echo_server.py"), atomically: false, encoding: .utf8)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", workspace.path("echo_server.py")]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        var portText = ""
        while let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != 0x0A {
            portText.append(Character(UnicodeScalar(byte)))
        }
        guard let port = Int(portText) else { throw BenchError("the echo server did not say its port") }
        let url = "http://127.0.0.1:\(port)/"
        var rounds = EchoRounds(count: count, in: context)
        let added = try rounds.addedOverLua(label: "http", over: "HTTP on loopback", luaPath: luaPath, in: context) {
            try ExternalBot(scriptPath: url, host: $0)
        }
        return [
            Figure(
                name: "HTTP bot round trip added per message, Python echo server on loopback minus Lua echo",
                value: added, unit: .milliseconds, target: Target())
        ]
    }
}
