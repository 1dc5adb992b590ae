import BanterTestSupport
import Foundation

/// Finds and runs the real `banter` executable, as a user would from a shell.
enum BanterBinary {
    /// The built executable: `BANTER_BIN` when set, else the `banter` next to the test bundle
    /// (SwiftPM puts both in the same build folder).
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["BANTER_BIN"] {
            return URL(fileURLWithPath: path)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("banter")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Repository.url(".build/debug/banter")
    }

    /// The environment that keeps a developer's own configuration (config.toml, themes,
    /// BANTER_THEME) out of the tests; a test that wants one sets it.
    static let withoutUserConfiguration: [String: String?] = [
        "XDG_CONFIG_HOME": "/nonexistent/banter-tests-config", "BANTER_CONFIG": nil, "BANTER_THEME": nil,
    ]

    /// A `banter` process, not yet started, with `arguments` and the test's environment
    /// (less NO_COLOR and COLUMNS, which would change what it prints, and the user's
    /// configuration) plus `environment`.
    static func process(_ arguments: [String], environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["COLUMNS"] = nil
        for (key, value) in withoutUserConfiguration { env[key] = value }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        return process
    }

    /// What one run printed and how it ended.
    typealias Result = ProcessResult

    /// Runs `banter` with `arguments`, feeding `input` on standard input, and waits for it
    /// (killing it after `timeout` seconds so that a hang fails the test instead of the suite).
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        currentDirectory: URL? = nil, timeout: TimeInterval = 60
    ) throws -> Result {
        let process = Self.process(arguments, environment: environment)
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        return try ChildProcess.run(process, input: input, timeout: timeout)
    }
}
