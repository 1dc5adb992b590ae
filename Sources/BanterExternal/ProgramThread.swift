import Foundation

/// The thread the task supervising one bot program runs on. The session waits, blocked,
/// for that task to say the program started; on Swift's shared pool the task could need the
/// very thread that waits (two bots started at once from the pool's two threads on a 2-core
/// machine waited for each other for ever), so it runs here instead, as its preferred
/// executor, and the thread ends with it.
final class ProgramThread: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isFinished = false

    init() {
        let thread = Thread { [self] in runJobs() }
        thread.name = "banter-bot-program"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the thread end once the jobs it has are run (the supervising task is done).
    func finish() {
        condition.withLock {
            isFinished = true
            condition.signal()
        }
    }

    private func runJobs() {
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func nextJob() -> UnownedJob? {
        condition.withLock {
            while jobs.isEmpty && !isFinished { condition.wait() }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }
}
