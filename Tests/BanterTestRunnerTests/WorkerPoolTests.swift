import BanterTestSupport
import Foundation
import Testing

@testable import BanterTestRunner

/// Workers started ahead of a run (while `banter test` is still reading the suite): never
/// more than the pool's size or than there can be scenarios, and none left running after.
@Suite struct WorkerPoolTests {
    /// A stand-in worker: notes that it started, then waits for its input to end, as a real
    /// worker waits for the suite's paths.
    private func launch(logging log: String) -> WorkerLaunch {
        WorkerLaunch(executable: "/bin/sh", arguments: ["-c", "echo started >> '\(log)'; exec cat > /dev/null"])
    }

    private func starts(in log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test(arguments: [
        (size: 8, count: 3, started: 3), (size: 2, count: 1_000, started: 2), (size: 4, count: 0, started: 0),
    ])
    func startsNoMoreThanThereCanBeScenariosOrJobs(size: Int, count: Int, started: Int) throws {
        let folder = try TemporaryFolder()
        let log = folder.file("starts.log")
        let pool = WorkerPool(launch: launch(logging: log), size: size, timeout: .seconds(5))
        try pool.startWorkers(count: count)
        // A run over no scenarios takes the workers started ahead and ends them all: it
        // returns only once each has exited and been waited for.
        try pool.run([]) { _, _ in Issue.record("no scenario to finish") }
        #expect(starts(in: log) == started)
    }
}
