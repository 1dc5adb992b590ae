import BanterTestSupport
import Foundation

/// The OpenAI-compatible fixture (`Fixtures/openai_fixture.py`) running on loopback for one
/// test: started with python3, stopped when the test lets go of it.
final class FixtureServer {
    let port: Int
    private let process: Process
    private let portFile: URL

    init() throws {
        let script = Repository.url("Tests/BanterModelsTests/Fixtures/openai_fixture.py").path
        portFile = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).port")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--port-file", portFile.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            if port == nil { usleep(20_000) }
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            throw FixtureFailure(message: "the fixture server did not start within 20 s")
        }
        self.port = port
    }

    /// Stops the server and waits until its port is closed.
    func stop() {
        guard process.isRunning else { return }
        // SIGKILL: the test process may block SIGTERM, and its children inherit the mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: portFile)
    }

    deinit { stop() }

    /// A `[models.NAME]` section of config.toml pointing at this server's `modelID`.
    func section(_ name: String, modelID: String, timeout: String = "10s") -> String {
        "[models.\(name)]\nurl = \"http://127.0.0.1:\(port)/v1\"\nmodel = \"\(modelID)\"\ntimeout = \"\(timeout)\"\n"
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
