import Foundation

/// How to start a worker: an executable (the `banter` binary itself) and the arguments of
/// its hidden worker mode.
package struct WorkerLaunch: Hashable, Sendable {
    package var executable: String
    package var arguments: [String]

    package init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// One worker process and the three pipes to it: requests in, answers out, error output.
/// The pool owns it; only the pool ever signals it.
final class WorkerProcess {
    let pid: pid_t
    let requests: Int32
    let answers: Int32
    let errors: Int32
    var answerReader = LineReader()
    /// The scenarios handed to it and not yet answered, in the order it runs them: the first
    /// is running, the others wait in its pipe so that it never waits for the pool.
    private(set) var queued: [Int] = []
    /// When the running scenario (the first queued) must be done.
    private(set) var deadline: ContinuousClock.Instant?
    /// What it wrote on standard error since its current scenario started (bounded).
    private(set) var errorOutput: [UInt8] = []
    var errorsOpen = true
    private var reaped = false
    static let keptErrorBytes = 8_192

    private init(pid: pid_t, requests: Int32, answers: Int32, errors: Int32) {
        self.pid = pid
        self.requests = requests
        self.answers = answers
        self.errors = errors
    }

    /// Starts a worker; its pipes are closed on exec in any other child.
    static func start(_ launch: WorkerLaunch) throws(WorkerPool.StartFailure) -> WorkerProcess {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], error: [Int32] = [0, 0]
        guard Self.makePipe(&input) == 0 else { throw .init(reason: String(cString: strerror(errno))) }
        guard Self.makePipe(&output) == 0 else {
            close(input[0]); close(input[1])
            throw .init(reason: String(cString: strerror(errno)))
        }
        guard Self.makePipe(&error) == 0 else {
            for fd in input + output { close(fd) }
            throw .init(reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, error[1], STDERR_FILENO)

        let argv = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, launch.executable, &actions, nil, argv, environ)
        close(input[0]); close(output[1]); close(error[1])
        guard status == 0 else {
            close(input[1]); close(output[0]); close(error[0])
            throw .init(reason: "\(launch.executable): \(String(cString: strerror(status)))")
        }
        return WorkerProcess(pid: pid, requests: input[1], answers: output[0], errors: error[0])
    }

    /// A pipe whose two ends are closed on exec (the child gets only the ends dup2 gives it).
    private static func makePipe(_ ends: inout [Int32]) -> Int32 {
        guard pipe(&ends) == 0 else { return -1 }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    /// The scenario it is running, and when it must be done.
    var current: (index: Int, deadline: ContinuousClock.Instant)? {
        guard let index = queued.first, let deadline else { return nil }
        return (index, deadline)
    }

    /// Tells it the run's scenarios, which requests then name by position; first thing after
    /// it starts. False when the worker can no longer take requests.
    func send(_ suite: WorkerSuite) -> Bool {
        Descriptor.write(suite.line, to: requests)
    }

    /// Hands it the scenario at `index`, to run after those already queued; its time limit
    /// starts when it is the first. False when the worker can no longer take requests.
    func send(_ index: Int, timeout: Duration) -> Bool {
        queued.append(index)
        if queued.count == 1 { start(timeout: timeout) }
        return Descriptor.write(WorkerMessage.request(index), to: requests)
    }

    /// The running scenario was answered: the next queued one (if any) starts running.
    func finishCurrent(timeout: Duration) {
        queued.removeFirst()
        deadline = nil
        if !queued.isEmpty { start(timeout: timeout) }
    }

    /// Takes back every scenario it was handed (it died or was killed): the running one
    /// first.
    func takeQueued() -> [Int] {
        defer {
            queued.removeAll()
            deadline = nil
        }
        return queued
    }

    private func start(timeout: Duration) {
        deadline = ContinuousClock.now + timeout
        errorOutput.removeAll()
    }

    /// Reads what it wrote on standard error; false at the end of that output.
    func readErrors() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = Descriptor.read(from: errors, into: &chunk)
        guard count > 0 else {
            errorsOpen = false
            return false
        }
        errorOutput.append(contentsOf: chunk[..<count])
        if errorOutput.count > Self.keptErrorBytes { errorOutput.removeFirst(errorOutput.count - Self.keptErrorBytes) }
        return true
    }

    /// Stops it at once (a scenario ran out of time).
    func kill() {
        Glibc.kill(pid, SIGKILL)
    }

    /// Waits for it to end and closes its pipes; says how it ended when it was not a clean exit.
    @discardableResult
    func reap() -> String? {
        guard !reaped else { return nil }
        reaped = true
        close(requests)
        while errorsOpen, readErrors() {}
        close(answers)
        close(errors)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        if signal != 0 {
            return "the worker process running it was killed by signal \(signal) (\(Self.signalName(signal)))"
        }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : "the worker process running it exited with status \(code)"
    }

    /// The first line it wrote on standard error while running the current scenario
    /// (a Swift runtime error such as "Fatal error: …"), made safe to print.
    var firstErrorLine: String? {
        String(decoding: errorOutput, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { SuiteText.oneLine(String($0)) }
            .first { !$0.isEmpty }
    }

    private static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGBUS: "SIGBUS",
            SIGTERM: "SIGTERM", SIGFPE: "SIGFPE", SIGTRAP: "SIGTRAP", SIGINT: "SIGINT",
        ]
        return names[signal] ?? String(cString: strsignal(signal))
    }
}
