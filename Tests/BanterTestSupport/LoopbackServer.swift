import Foundation

/// A real HTTP server on loopback for the HTTP bot tests: a Python script (standard library
/// only) started with `--port`, whose first line of output says where it listens
/// (`listening on http://127.0.0.1:PORT`). Stopped when the value goes away.
package final class LoopbackServer {
    /// Why the server did not come up.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Where it listens, without a trailing slash: `http://127.0.0.1:PORT`.
    package let base: String
    private let process: Process

    /// Starts `python3 script --port PORT` (0: a free one) and waits (at most `timeout`
    /// seconds) for its first line.
    package init(script: String, port: Int = 0, timeout: TimeInterval = 30) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--port", String(port)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let firstLine = FirstLine(output.fileHandleForReading)
        guard let line = firstLine.wait(seconds: timeout), let start = line.range(of: "http://") else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(description: "\(script) did not say where it listens within \(timeout) s")
        }
        base = String(line[start.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The address of `path` on the server (`path` starts with "/").
    package func url(_ path: String) -> String { base + path }

    /// Stops the server and waits until it has (harmless once stopped). Killed, not asked
    /// to end: a test process may hand its children SIGTERM ignored.
    package func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Reads a pipe's first line on a thread of its own, so that waiting for it can time out.
private final class FirstLine: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var line: String?

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var bytes: [UInt8] = []
            while let byte = handle.readData(ofLength: 1).first, byte != 0x0A { bytes.append(byte) }
            lock.withLock { line = String(decoding: bytes, as: UTF8.self) }
            done.signal()
        }
    }

    func wait(seconds: TimeInterval) -> String? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { line }
    }
}
