/// One scenario's outcome in a run: which file, how it ended, and how long it took.
package struct ScenarioResult: Hashable, Sendable, Codable {
    /// The scenario file as `banter test` found it (relative when the user gave a relative path).
    package var path: String
    /// The leaf of the scenario's branches it ran (`ScenarioLeaf.name`); nil for a whole scenario.
    package var leaf: String?
    package var verdict: ScenarioVerdict
    /// Wall-clock seconds the scenario took to load and run.
    package var seconds: Double
    /// The golden transcript `--update` wrote for it (created or changed), if any.
    var transcriptWritten: String?
    /// Every handler trace of the run, as lines (`banter test --trace`).
    package var traceLines: [String]?

    /// `path` may be a suite entry naming a leaf (`ScenarioCase.entry`).
    package init(
        path: String, verdict: ScenarioVerdict, seconds: Double, transcriptWritten: String? = nil,
        traceLines: [String]? = nil
    ) {
        let scenarioCase = ScenarioCase(entry: path)
        self.path = scenarioCase.path
        leaf = scenarioCase.leaf
        self.verdict = verdict
        self.seconds = seconds
        self.transcriptWritten = transcriptWritten
        self.traceLines = traceLines
    }

    /// How output and reports name the case: the path, then ` › ` and the leaf's name.
    package var name: String { ScenarioCase(path: path, leaf: leaf).name }

    /// The lines printed under the scenario's ✓/✗ line: each failed expectation, or why it
    /// could not run.
    package var detailLines: [String] {
        verdictLines + (transcriptWritten.map { ["wrote \($0)"] } ?? [])
    }

    private var verdictLines: [String] {
        switch verdict {
        case .passed: []
        case .failed(let failures): failures.flatMap { [$0.description] + ($0.detail ?? []).map { "  " + $0 } }
        case .error(let message): ["error: \(message)"]
        case .crashed(let message): ["crashed: \(message)"]
        case .timedOut(let limit):
            ["timed out: still running after \(SuiteText.duration(limit)) (--timeout); it was stopped"]
        }
    }
}
