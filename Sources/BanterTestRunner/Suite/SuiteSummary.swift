/// The counts of a run and the closing line `banter test` prints.
public struct SuiteSummary: Hashable, Sendable {
    public private(set) var passed = 0
    public private(set) var failed = 0
    /// Scenarios that could not load or run.
    public private(set) var errors = 0
    /// Wall-clock seconds of the scenarios together (not of the run).
    public private(set) var seconds = 0.0

    public init() {}

    /// The counts over results already collected (a finished run, a `--watch` rerun).
    public init(_ results: some Sequence<ScenarioResult>) {
        for result in results { add(result) }
    }

    /// Counts one more result, as it arrives, so the closing line needs no second pass.
    public mutating func add(_ result: ScenarioResult) {
        switch result.verdict {
        case .passed: passed += 1
        case .error: errors += 1
        case .failed, .crashed, .timedOut: failed += 1
        }
        seconds += result.seconds
    }

    public var total: Int { passed + failed + errors }

    /// `N passed, N failed`, with `, N errors` when some scenarios could not load.
    public var closingLine: String {
        errors > 0 ? "\(passed) passed, \(failed) failed, \(errors) errors" : "\(passed) passed, \(failed) failed"
    }

    /// 0 all passed, 1 an expectation failed (or a scenario crashed or timed out), 2 a
    /// scenario could not load or run.
    public var exitStatus: Int32 {
        errors > 0 ? 2 : failed > 0 ? 1 : 0
    }
}
