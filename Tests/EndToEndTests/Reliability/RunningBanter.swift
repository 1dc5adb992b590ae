import Foundation

/// A `banter` process that runs while the test talks to it: lines go in through a pipe one
/// at a time, everything it prints is collected as it arrives, and it can be killed at any
/// moment, as a crash or a power cut would.
final class RunningBanter: @unchecked Sendable {
    private let process: Process
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var printed = Data()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `banter` with `arguments` and standard input and output as pipes.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        // Writing to a killed child must fail with EPIPE, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        process = BanterBinary.process(arguments, environment: environment)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { printed.append(chunk) }
            }
            finished.signal()
        }
    }

    /// Everything printed so far, decoded as UTF-8.
    var printedText: String {
        lock.withLock { String(decoding: printed, as: UTF8.self) }
    }

    /// Sends one line as if typed; false once the process no longer reads its input.
    @discardableResult
    func send(_ line: String) -> Bool {
        send(bytes: Array(line.utf8))
    }

    /// Sends raw bytes (which need not be UTF-8) and a line feed.
    @discardableResult
    func send(bytes line: [UInt8]) -> Bool {
        let bytes = line + [0x0A]
        let written = bytes.withUnsafeBytes {
            write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count)
        }
        return written == bytes.count
    }

    /// Waits until the output contains `text` `count` times; false after `timeout` seconds.
    func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if printedText.components(separatedBy: text).count - 1 >= count { return true }
            usleep(5_000)
        }
        return false
    }

    /// Kills the process with SIGKILL (no clean-up of any kind can run) and returns what it
    /// had printed by then.
    func kill() -> String {
        Glibc.kill(process.processIdentifier, SIGKILL)
        return finish()
    }

    /// Closes standard input (end of input: the REPL quits) and waits for the process.
    func endInput(timeout: TimeInterval = 30) -> String {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        return finish()
    }

    /// How the process ended: its exit status, or the signal that killed it.
    var termination: (reason: Process.TerminationReason, status: Int32) {
        (process.terminationReason, process.terminationStatus)
    }

    private func finish() -> String {
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        finished.wait()
        return printedText
    }
}
