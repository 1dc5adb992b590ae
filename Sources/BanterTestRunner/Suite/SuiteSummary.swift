/// The counts of a run and the closing line `banter test` prints.
package struct SuiteSummary: Hashable, Sendable {
    package private(set) var passed = 0
    package private(set) var failed = 0
    /// Scenarios that could not load or run.
    package private(set) var errors = 0
    /// Wall-clock seconds of the scenarios together (not of the run).
    package private(set) var seconds = 0.0

    package init() {}

    /// The counts over results already collected (a finished run, a `--watch` rerun).
    package init(_ results: some Sequence<ScenarioResult>) {
        for result in results { add(result) }
    }

    /// Counts one more result, as it arrives, so the closing line needs no second pass.
    package mutating func add(_ result: ScenarioResult) {
        switch result.verdict {
        case .passed: passed += 1
        case .error: errors += 1
        case .failed, .crashed, .timedOut: failed += 1
        }
        seconds += result.seconds
    }

    package var total: Int { passed + failed + errors }

    /// `N passed, N failed`, with `, N errors` when some scenarios could not load.
    package var closingLine: String {
        errors > 0 ? "\(passed) passed, \(failed) failed, \(errors) errors" : "\(passed) passed, \(failed) failed"
    }

    /// 0 all passed, 1 an expectation failed (or a scenario crashed or timed out), 2 a
    /// scenario could not load or run.
    package var exitStatus: Int32 {
        errors > 0 ? 2 : failed > 0 ? 1 : 0
    }
}
