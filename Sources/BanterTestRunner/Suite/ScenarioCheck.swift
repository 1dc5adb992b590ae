import BanterChat
import BanterCore
import BanterScript
import BanterStore
import Foundation

/// Runs scenarios one after another in this process, each on a fresh in-memory database
/// copied from one migrated template: what a worker process does for each scenario it is
/// handed. Not thread-safe.
public final class ScenarioCheck {
    let limits: ScriptLimits
    let template: InMemoryTemplate

    public init(limits: ScriptLimits) throws(StoreError) {
        self.limits = limits
        template = try InMemoryTemplate()
    }

    /// Loads and runs the scenario at `path`.
    public func run(_ path: String) -> ScenarioResult {
        let start = ContinuousClock.now
        let verdict = verdict(of: path)
        return ScenarioResult(path: path, verdict: verdict, seconds: (ContinuousClock.now - start).seconds)
    }

    private func verdict(of path: String) -> ScenarioVerdict {
        do {
            let script = try ScenarioScript(path: path, limits: limits)
            let runner = try ScenarioRunner(script: script, store: template.makeStore(), limits: limits)
            let failures = try runner.run()
            guard !failures.isEmpty else { return .passed }
            return .failed(failures.map {
                ExpectationFailure(file: $0.location.file, line: $0.location.line, message: $0.message)
            })
        } catch {
            return .error("\(error)")
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number (for reports).
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
