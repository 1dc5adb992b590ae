/// One scenario's outcome in a run: which file, how it ended, and how long it took.
public struct ScenarioResult: Hashable, Sendable, Codable {
    /// The scenario file as `banter test` found it (relative when the user gave a relative path).
    public var path: String
    public var verdict: ScenarioVerdict
    /// Wall-clock seconds the scenario took to load and run.
    public var seconds: Double

    public init(path: String, verdict: ScenarioVerdict, seconds: Double) {
        self.path = path
        self.verdict = verdict
        self.seconds = seconds
    }

    /// The lines printed under the scenario's ✓/✗ line: each failed expectation, or why it
    /// could not run.
    public var detailLines: [String] {
        switch verdict {
        case .passed: []
        case .failed(let failures): failures.map(\.description)
        case .error(let message): ["error: \(message)"]
        case .crashed(let message): ["crashed: \(message)"]
        case .timedOut(let limit): ["timed out: still running after \(SuiteText.duration(limit)) (--timeout); it was stopped"]
        }
    }
}
