import Foundation

/// What a finished child process printed and how it ended.
package struct ProcessResult: Sendable {
    /// The exit status.
    package var status: Int32
    /// Standard output as bytes (a picture, a database dump).
    package var output: Data
    /// Standard error as bytes.
    package var error: Data

    package init(status: Int32, output: Data, error: Data) {
        self.status = status
        self.output = output
        self.error = error
    }

    /// For results put together by a test that ran its processes itself.
    package init(status: Int32, standardOutput: String, standardError: String) {
        self.init(status: status, output: Data(standardOutput.utf8), error: Data(standardError.utf8))
    }

    /// Standard output decoded as UTF-8.
    package var standardOutput: String { String(decoding: output, as: UTF8.self) }
    /// Standard error decoded as UTF-8.
    package var standardError: String { String(decoding: error, as: UTF8.self) }
}

/// Runs the programs tests drive (banter itself, git, lua5.4, bash, genhtml, chattr) the one
/// safe way: both output pipes drained on threads of their own so a chatty child never blocks
/// on a full pipe, the input written and closed, and a deadline, so that a hang fails its
/// test instead of stalling the whole suite.
package enum ChildProcess {
    /// A process that ran past its deadline (it was killed).
    package struct TimedOut: Error, CustomStringConvertible {
        package var command: String
        package var seconds: TimeInterval
        package var description: String { "\(command) did not finish within \(seconds) s" }

        package init(command: String, seconds: TimeInterval) {
            self.command = command
            self.seconds = seconds
        }
    }

    /// A process that was required to succeed and did not.
    package struct Failed: Error, CustomStringConvertible {
        package var command: String
        package var result: ProcessResult
        package var description: String { "\(command) failed with status \(result.status): \(result.standardError)" }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments`, in the test's
    /// environment changed by `environment` (a nil value removes the variable).
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        currentDirectory: URL? = nil, input: String = "", timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        return try run(process, input: input, timeout: timeout)
    }

    /// Like `run`, and throws `Failed` (with what it printed on standard error) unless the
    /// process exits with status 0.
    @discardableResult
    package static func succeed(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        currentDirectory: URL? = nil, timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        let result = try run(
            executable, arguments, environment: environment, currentDirectory: currentDirectory, timeout: timeout)
        guard result.status == 0 else {
            throw Failed(command: ([executable] + arguments).joined(separator: " "), result: result)
        }
        return result
    }

    /// Runs an already configured `process` (its executable, arguments, environment and
    /// folder set), feeding it `input`, and waits for it; kills it after `timeout` seconds.
    package static func run(_ process: Process, input: String = "", timeout: TimeInterval = 60) throws -> ProcessResult
    {
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()

        let outputReader = PipeReader(stdout.fileHandleForReading)
        let errorReader = PipeReader(stderr.fileHandleForReading)
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? stdin.fileHandleForWriting.close()

        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            let command = ([process.executableURL?.path ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
            throw TimedOut(command: command, seconds: timeout)
        }
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, output: outputReader.finishData(), error: errorReader.finishData())
    }
}

/// Drains a pipe on a background thread so that a chatty child never blocks on a full pipe.
package final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()

    /// Starts reading `handle` until end of file.
    package init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            lock.withLock { data = all }
            done.signal()
        }
    }

    /// Waits for end of file and returns everything read.
    package func finishData() -> Data {
        done.wait()
        return lock.withLock { data }
    }

    /// Waits for end of file and returns everything read, decoded as UTF-8.
    package func finish() -> String {
        String(decoding: finishData(), as: UTF8.self)
    }
}
