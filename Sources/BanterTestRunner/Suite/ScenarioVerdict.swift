/// How one scenario ended, as `banter test` counts it: passed, failed (an expectation did
/// not hold, or the scenario crashed or ran out of time), or an error (it could not load or
/// run: a syntax error, a bot that does not load, a predicate that raised an error).
package enum ScenarioVerdict: Hashable, Sendable, Codable {
    case passed
    /// The expectations that did not hold, in the order they were checked.
    case failed([ExpectationFailure])
    /// Why the scenario could not load or run.
    case error(String)
    /// The process running it died (a crash, or killed from outside), with what it said last.
    case crashed(String)
    /// It was still running when its time limit passed, and was stopped.
    case timedOut(limit: Duration)

    /// Whether the closing line counts it under "failed" (crashes and timeouts are failures
    /// of the scenario, not of loading it).
    var isFailure: Bool {
        switch self {
        case .failed, .crashed, .timedOut: true
        case .passed, .error: false
        }
    }

    package var isError: Bool {
        if case .error = self { return true }
        return false
    }
}

/// One expectation that did not hold: the step's file and line, and what went wrong.
package struct ExpectationFailure: Hashable, Sendable, Codable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var message: String
    /// Lines shown under the failure (a golden transcript's diff).
    package var detail: [String]?

    package init(file: String, line: Int, message: String, detail: [String]? = nil) {
        self.file = file
        self.line = line
        self.message = message
        self.detail = detail
    }

    package var description: String { "\(file):\(line): \(message)" }
}

extension ScenarioVerdict {
    /// How it ended, in a few words ("passed", "crashed: …").
    package var summary: String {
        switch self {
        case .passed: "it passed"
        case .failed(let failures): "failed: " + SuiteText.oneLine(failures.first?.description ?? "")
        case .error(let message): "could not run: " + SuiteText.oneLine(message)
        case .crashed(let message): "crashed: " + SuiteText.oneLine(message)
        case .timedOut(let limit): "timed out after " + SuiteText.duration(limit)
        }
    }
}
