import Foundation

/// Runs scenarios in worker processes: `banter` itself, started again in its hidden worker
/// mode, each running one scenario at a time that the pool hands it over a pipe (with the
/// next one already waiting there, see `queueDepth`).
///
/// Processes rather than threads, because a scenario can only be isolated by a process: a
/// Swift runtime trap or a signal ends a whole process, and a runaway one can only be
/// stopped from outside. A worker that dies takes only its current scenario with it
/// (`crashed`); one still busy when that scenario's time limit passes is killed
/// (`timedOut`); either way a fresh worker takes its place, the scenario that waited in
/// its pipe goes to another worker, and the run goes on.
///
/// Single-threaded: one `poll` loop watches every worker's answers, error output and
/// deadline.
package final class WorkerPool {
    let launch: WorkerLaunch
    let size: Int
    let timeout: Duration
    /// Workers `startWorkers` started before the run's scenarios were known; the next `run`
    /// takes them.
    private var startedAhead: [WorkerProcess] = []

    /// A worker could not be started at all.
    package struct StartFailure: Error, Hashable, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { "could not start a test worker: \(reason)" }
    }

    /// - Parameters:
    ///   - size: how many workers run at once (`-j`).
    ///   - timeout: how long one scenario may take before its worker is killed.
    package init(launch: WorkerLaunch, size: Int, timeout: Duration) {
        self.launch = launch
        self.size = max(size, 1)
        self.timeout = timeout
    }

    /// Whether workers left idle at the end of a run wait for the next run instead of
    /// ending: `banter shrink` runs many small batches, and starting a worker costs more than
    /// most candidates do. The owner ends them with `shutDown()`.
    var keepsIdleWorkers = false

    /// Ends the workers kept between runs.
    package func shutDown() {
        for worker in startedAhead { worker.reap() }
        startedAhead = []
    }

    deinit { shutDown() }

    /// How many scenarios a worker holds at once: the one it runs and the next, waiting in
    /// its pipe, so that it starts the next as soon as it answers instead of waiting for the
    /// pool to read the answer and send more.
    static let queueDepth = 2

    /// Starts up to `count` workers now (no more than the pool's size), so that they get
    /// ready (a process, a Lua state, a database) while the caller is still looking for the
    /// scenarios they will run; `count` is how many scenarios there can be at most.
    package func startWorkers(count: Int) throws(StartFailure) {
        while startedAhead.count < min(count, size) { startedAhead.append(try WorkerProcess.start(launch)) }
    }

    /// Runs every scenario of `paths`; calls `finished` once per scenario, in the order they
    /// finish, with its index in `paths`.
    package func run(_ paths: [String], finished: (Int, WorkerReply) -> Void) throws(StartFailure) {
        signal(SIGPIPE, SIG_IGN)
        var ready = startedAhead
        startedAhead = []
        var next = 0
        /// Scenarios taken back from a worker that died before running them; sent first.
        var returned: [Int] = []
        var remaining = paths.count
        var workers: [WorkerProcess] = []
        defer {
            for worker in workers + ready {
                if keepsIdleWorkers && worker.current == nil {
                    startedAhead.append(worker)
                    continue
                }
                if worker.current != nil { worker.kill() }
                worker.reap()
            }
        }
        func takeNext() -> Int? {
            if !returned.isEmpty { return returned.removeFirst() }
            guard next < paths.count else { return nil }
            defer { next += 1 }
            return next
        }
        /// Ends a worker that will not answer: its running scenario gets `verdict`, the ones
        /// still waiting in its pipe go to another worker.
        func fail(_ worker: WorkerProcess, _ verdict: ScenarioVerdict, seconds: Double) {
            var taken = worker.takeQueued()
            guard !taken.isEmpty else { return }
            let index = taken.removeFirst()
            returned.insert(contentsOf: taken, at: 0)
            remaining -= 1
            finished(
                index,
                WorkerReply(
                    index: index, result: ScenarioResult(path: paths[index], verdict: verdict, seconds: seconds)))
        }
        let suite = WorkerSuite(paths: paths)
        func startWorker() throws(StartFailure) -> WorkerProcess {
            let worker: WorkerProcess
            if let waiting = ready.popLast() { worker = waiting } else { worker = try WorkerProcess.start(launch) }
            // A worker that cannot take the suite is dead: the answer pipe says so below.
            _ = worker.send(suite)
            return worker
        }
        for _ in 0..<min(size, paths.count) { workers.append(try startWorker()) }

        while remaining > 0 {
            for worker in workers {
                while worker.queued.count < Self.queueDepth, let index = takeNext() {
                    // A worker that cannot take the request is dead: the answer pipe says so below.
                    _ = worker.send(index, timeout: timeout)
                }
            }

            var descriptors: [pollfd] = []
            for worker in workers {
                descriptors.append(pollfd(fd: worker.answers, events: Int16(POLLIN), revents: 0))
                descriptors.append(
                    pollfd(fd: worker.errorsOpen ? worker.errors : -1, events: Int16(POLLIN), revents: 0))
            }
            let now = ContinuousClock.now
            let nearest = workers.compactMap { $0.current?.deadline }.min()
            let wait = nearest.map { max(0, Self.milliseconds($0 - now)) } ?? -1
            if poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: wait)) < 0 && errno != EINTR {
                throw StartFailure(reason: "poll: \(String(cString: strerror(errno)))")
            }

            var survivors: [WorkerProcess] = []
            for (position, worker) in workers.enumerated() {
                if descriptors[position * 2 + 1].revents != 0 { _ = worker.readErrors() }
                var ended = false
                if descriptors[position * 2].revents != 0 {
                    if let lines = worker.answerReader.read(from: worker.answers) {
                        for line in lines {
                            guard let reply = WorkerReply(line: line, paths: paths),
                                reply.index == worker.current?.index
                            else { continue }
                            worker.finishCurrent(timeout: timeout)
                            remaining -= 1
                            finished(reply.index, reply)
                        }
                    } else {
                        ended = true
                    }
                }
                if !ended, let current = worker.current, current.deadline <= ContinuousClock.now {
                    worker.kill()
                    worker.reap()
                    fail(worker, .timedOut(limit: timeout), seconds: timeout.seconds)
                    ended = true
                } else if ended {
                    let ending = worker.reap() ?? "the worker process running it exited before answering"
                    let said = worker.firstErrorLine.map { ": \($0)" } ?? ""
                    fail(worker, .crashed(ending + said), seconds: 0)
                }
                if !ended {
                    survivors.append(worker)
                } else if next < paths.count || !returned.isEmpty {
                    survivors.append(try startWorker())
                }
            }
            workers = survivors
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
