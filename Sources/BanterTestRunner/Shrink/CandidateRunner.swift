import BanterLua
import Foundation

/// Runs scenario files and says how each ended: what `ScenarioShrinker` runs its candidates
/// on. `WorkerPool` runs them in parallel worker processes (`banter shrink -j N`);
/// `ScenarioCheck` runs them one by one in this process (tests).
package protocol CandidateRunner {
    /// How many candidates are worth running at once.
    var parallelism: Int { get }
    /// The verdict of each scenario at `paths`, in order.
    func verdicts(of paths: [String]) -> [ScenarioVerdict]
}

/// Candidates run in the pool's worker processes, which it keeps between batches.
package struct PoolCandidateRunner: CandidateRunner {
    let pool: WorkerPool

    package init(pool: WorkerPool) {
        self.pool = pool
        pool.keepsIdleWorkers = true
    }

    package var parallelism: Int { pool.size }

    package func verdicts(of paths: [String]) -> [ScenarioVerdict] {
        var verdicts = [ScenarioVerdict](repeating: .error("not run"), count: paths.count)
        do {
            try pool.run(paths) { index, reply in verdicts[index] = reply.result.verdict }
        } catch {
            return Array(repeating: .error(error.description), count: paths.count)
        }
        return verdicts
    }
}

/// Candidates run one after another in this process.
extension ScenarioCheck: CandidateRunner {
    package var parallelism: Int { 1 }

    package func verdicts(of paths: [String]) -> [ScenarioVerdict] {
        paths.map { run($0).result.verdict }
    }
}
