import Foundation
import Subprocess
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A running bot program and the three pipes to it, used synchronously from the session's
/// thread. swift-subprocess starts the program and watches for its end on a task of its own;
/// the pipes are ours, non-blocking, read and written with `poll` and a deadline, so that
/// a program that hangs or floods can never hold the chat longer than its time limit.
final class BotProcess {
    /// What a wait for the bot's next line found.
    enum Read: Equatable {
        case line(String)
        /// Standard output closed: the program ended (or closed it).
        case closed
        case timedOut
        /// A line longer than the limit: the program floods its output.
        case tooLong
    }

    /// Why the program could not start.
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    private let input: CInt
    private let output: CInt
    private let errors: CInt
    private let watch: ProcessWatch
    private let stopRequests: AsyncStream<Void>.Continuation
    private var pending: [UInt8] = []
    private var pendingErrors: [UInt8] = []
    /// What each read lands in before it is split into lines (one buffer, not one a read).
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// The longest line the bot may write, in bytes.
    static let maximumLineBytes = 1 << 20

    /// Starts `command` (its first word a path, or a name looked up on PATH) in `directory`,
    /// and waits until it runs or fails to start.
    init(command: [String], directory: String) throws(StartFailure) {
        // A bot that exits while we write to it must be an error line, not the end of Banter.
        signal(SIGPIPE, SIG_IGN)
        var toChild: [CInt] = [0, 0]
        var fromChild: [CInt] = [0, 0]
        var errorsFromChild: [CInt] = [0, 0]
        var opened: [CInt] = []
        for index in 0..<3 {
            var fds: [CInt] = [0, 0]
            guard pipe(&fds) == 0 else {
                let reason = Self.errnoText()
                for fd in opened { close(fd) }
                throw StartFailure(description: reason)
            }
            // Only the child's copies (dup'ed onto 0, 1 and 2) survive into a program.
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            opened += fds
            switch index {
            case 0: toChild = fds
            case 1: fromChild = fds
            default: errorsFromChild = fds
            }
        }
        input = toChild[1]
        output = fromChild[0]
        errors = errorsFromChild[0]
        for fd in [input, output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

        let watch = ProcessWatch()
        self.watch = watch
        let (stops, stopRequests) = AsyncStream<Void>.makeStream()
        self.stopRequests = stopRequests
        Self.launch(command, in: directory, pipes: (toChild[0], fromChild[1], errorsFromChild[1]), watch, stops)
        if let failure = watch.waitUntilStarted() {
            stopRequests.finish()
            for fd in [input, output, errors] { close(fd) }
            throw StartFailure(description: failure)
        }
    }

    /// Starts the task that runs the program, on the child's ends of the pipes, on a thread
    /// of its own (`ProgramThread`: the caller blocks until the program started).
    private static func launch(
        _ command: [String], in directory: String, pipes: (input: CInt, output: CInt, errors: CInt),
        _ watch: ProcessWatch, _ stops: AsyncStream<Void>
    ) {
        let thread = ProgramThread()
        Task.detached(executorPreference: thread) {
            defer { thread.finish() }
            let program = command[0]
            await supervise(
                program.contains("/") ? .path(FilePath(program)) : .name(program),
                arguments: Arguments(Array(command.dropFirst())), directory: directory,
                pipes: (
                    FileDescriptor(rawValue: pipes.input), FileDescriptor(rawValue: pipes.output),
                    FileDescriptor(rawValue: pipes.errors)
                ), watch: watch, stops: stops)
        }
    }

    /// Runs the program until a stop is asked for, telling `watch` when it started and how
    /// it ended (run on a task of its own: swift-subprocess is asynchronous).
    private static func supervise(
        _ executable: Executable, arguments: Arguments, directory: String,
        pipes: (input: FileDescriptor, output: FileDescriptor, errors: FileDescriptor), watch: ProcessWatch,
        stops: AsyncStream<Void>
    ) async {
        do {
            let result = try await run(
                executable, arguments: arguments, workingDirectory: FilePath(directory),
                input: .fileDescriptor(pipes.input, closeAfterSpawningProcess: true),
                output: .fileDescriptor(pipes.output, closeAfterSpawningProcess: true),
                error: .fileDescriptor(pipes.errors, closeAfterSpawningProcess: true)
            ) { execution in
                watch.started()
                for await _ in stops {
                    _ = try? execution.send(signal: .kill)
                    break
                }
            }
            watch.ended(describe(result.terminationStatus))
        } catch {
            watch.failedToStart(describe(error))
        }
    }

    deinit {
        stop()
        for fd in [input, output, errors] { close(fd) }
    }

    /// Writes one line (a newline is added) before `deadline`; false when the program
    /// stopped reading (it ended, or its input stayed full until the deadline).
    func write(_ line: String, before deadline: ContinuousClock.Instant) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
            } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
                guard wait(for: input, events: Int16(POLLOUT), before: deadline) else { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// The program's next line on standard output, waiting until `deadline`. What it writes
    /// to standard error meanwhile is collected (see `takeErrorLines`).
    func readLine(before deadline: ContinuousClock.Instant) -> Read {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return .line(line)
            }
            if pending.count > Self.maximumLineBytes { return .tooLong }
            var fds = [
                pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, Self.milliseconds(until: deadline))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return .timedOut }
            if fds[1].revents != 0 { drain(errors, into: &pendingErrors) }
            if fds[0].revents != 0 {
                if !drain(output, into: &pending) {
                    guard !pending.isEmpty else { return .closed }
                    // A last line without its newline still counts.
                    pending.append(0x0A)
                }
            }
        }
    }

    /// Complete lines the program wrote to standard error so far (at most `limit`, the rest
    /// dropped), without waiting.
    func takeErrorLines(limit: Int = 200) -> [String] {
        drain(errors, into: &pendingErrors)
        var lines: [String] = []
        while let newline = pendingErrors.firstIndex(of: 0x0A) {
            if lines.count < limit { lines.append(String(decoding: pendingErrors[..<newline], as: UTF8.self)) }
            pendingErrors.removeSubrange(...newline)
        }
        if pendingErrors.count > Self.maximumLineBytes { pendingErrors.removeAll() }
        return lines
    }

    /// Stops the program (SIGKILL); harmless once it has ended.
    func stop() {
        stopRequests.yield()
        stopRequests.finish()
    }

    /// How the program ended ("exit status 1", "signal 11"), waiting up to `timeout` for it;
    /// nil while it still runs.
    func ending(waitingUpTo timeout: Duration) -> String? {
        watch.waitForEnd(upTo: timeout)
    }

    /// Reads what is there without blocking; false at end of file.
    @discardableResult
    private func drain(_ fd: CInt, into buffer: inout [UInt8]) -> Bool {
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                if buffer.count > Self.maximumLineBytes * 2 { return true }
            } else if count == 0 {
                return false
            } else {
                return errno != EAGAIN && errno != EINTR ? false : true
            }
        }
    }

    private func wait(for fd: CInt, events: Int16, before deadline: ContinuousClock.Instant) -> Bool {
        var fds = [pollfd(fd: fd, events: events, revents: 0)]
        return poll(&fds, 1, Self.milliseconds(until: deadline)) > 0
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> CInt {
        let left = deadline - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return CInt(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, Int64(CInt.max)))
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    static func describe(_ status: TerminationStatus) -> String {
        switch status {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "signal \(signal)"
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? SubprocessError else { return "\(error)" }
        switch error.code {
        case .executableNotFound: return "the program was not found"
        case .failedToChangeWorkingDirectory: return "its folder could not be entered"
        default:
            return error.underlyingError.map { "\(Self.describeErrno($0.rawValue))" } ?? "\(error)"
        }
    }

    private static func describeErrno(_ code: CInt) -> String {
        code == EACCES ? "it is not executable (chmod +x it)" : String(cString: strerror(code))
    }
}

/// What the task running the program tells the session's thread: that it started, could
/// not, or ended and how.
private final class ProcessWatch: @unchecked Sendable {
    private let condition = NSCondition()
    private var isStarted = false
    private var failure: String?
    private var end: String?

    func started() {
        condition.withLock {
            isStarted = true
            condition.broadcast()
        }
    }

    func failedToStart(_ reason: String) {
        condition.withLock {
            failure = reason
            condition.broadcast()
        }
    }

    func ended(_ how: String) {
        condition.withLock {
            end = how
            condition.broadcast()
        }
    }

    /// Nil once the program runs, else why it could not start.
    func waitUntilStarted() -> String? {
        condition.withLock {
            while !isStarted && failure == nil { condition.wait() }
            return failure
        }
    }

    func waitForEnd(upTo timeout: Duration) -> String? {
        let limit = Date().addingTimeInterval(
            Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        return condition.withLock {
            while end == nil && failure == nil {
                if !condition.wait(until: limit) { break }
            }
            return end ?? failure
        }
    }
}
