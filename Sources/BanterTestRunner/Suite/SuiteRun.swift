/// One `banter test` run over a list of scenarios: runs them in a worker pool and hands
/// each result on in list order (by path), as soon as every scenario before it is done,
/// whatever order they finish in; so the output of `-j 8` is the output of `-j 1`.
///
/// What a run collects besides results (coverage) is merged here; what is printed and
/// written (lines, JUnit, LCOV) is up to the caller's `report`.
package final class SuiteRun {
    package let paths: [String]
    package private(set) var results: [ScenarioResult?]
    /// Coverage merged over every scenario, by file; empty unless workers report it.
    package private(set) var coverage: [String: FileCoverage] = [:]
    /// The files each scenario and its bot read, by position in `paths` (for `--watch`).
    package private(set) var sourceFiles: [[String]]
    private var reported = 0

    /// A run of the scenarios at `paths`, in that order, nothing run yet.
    package init(paths: [String]) {
        self.paths = paths
        results = Array(repeating: nil, count: paths.count)
        sourceFiles = Array(repeating: [], count: paths.count)
    }

    /// Runs every scenario; `report` gets each result in list order.
    package func run(in pool: WorkerPool, report: (ScenarioResult) -> Void) throws(WorkerPool.StartFailure) {
        try pool.run(paths) { index, reply in
            results[index] = reply.result
            sourceFiles[index] = reply.sourceFiles ?? []
            for file in reply.coverage ?? [] {
                coverage[file.path, default: FileCoverage(path: file.path)].merge(file)
            }
            while reported < results.count, let next = results[reported] {
                report(next)
                reported += 1
            }
        }
    }

    /// The counts over every result so far.
    package var summary: SuiteSummary {
        SuiteSummary(results.compactMap { $0 })
    }
}
