import BanterCore
import BanterTerminal
import BanterTestRunner
import BanterWatch
import Foundation

/// `banter test --watch`: runs the suite, then waits; when a scenario, or a bot or module a
/// scenario read, changes on disk, reruns the scenarios it affects and prints their lines
/// and a fresh closing line over the whole suite. New scenario files under the paths run
/// when they appear; deleted ones leave the suite. Ctrl-C ends it.
struct TestWatch {
    let plan: TestPlan
    let pool: WorkerPool
    /// The scenarios of the first run.
    let scenarios: [String]
    /// How often the paths are searched for new scenario files.
    static let rescanInterval: Duration = .seconds(1)

    /// The latest result of each scenario, and the files it read (absolute).
    private final class Suite {
        var scenarios: [String] = []
        var results: [String: ScenarioResult] = [:]
        var files: [String: [String]] = [:]

        var summary: SuiteSummary { SuiteSummary(scenarios.compactMap { results[$0] }) }

        /// Every file a change of which reruns something.
        var watched: Set<String> {
            Set(scenarios.map(TestWatch.absolute)).union(files.values.joined())
        }

        /// The scenarios that read one of `changed`, or are one of them.
        func affected(by changed: Set<String>) -> [String] {
            scenarios.filter { scenario in
                changed.contains(TestWatch.absolute(scenario))
                    || files[scenario, default: []].contains(where: changed.contains)
            }
        }
    }

    /// Runs until Ctrl-C (or SIGTERM).
    func run() throws {
        let signals = SignalPipe(signals: [SIGINT, SIGTERM])
        // A parent may have started us with these blocked (test harnesses do).
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGINT)
        sigaddset(&stopping, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &stopping, nil)
        let watcher = FileWatcher()
        let suite = Suite()
        suite.scenarios = scenarios
        guard try round(scenarios, suite: suite, signals: signals, heading: nil) else { return }
        while true {
            try watcher.watch(suite.watched)
            let outcome = try watcher.wait(timeout: Self.rescanInterval, interrupt: signals.readDescriptor)
            if case .interrupted = outcome { return }
            let found = (try? plan.findScenarios()) ?? suite.scenarios
            let added = found.filter { suite.results[$0] == nil }
            let changed: [String]
            if case .changed(let paths) = outcome { changed = paths } else { changed = [] }
            suite.scenarios = found
            var rerun = Set(suite.affected(by: Set(changed))).union(added)
            rerun.formIntersection(found)
            guard !rerun.isEmpty || !changed.isEmpty else { continue }
            let heading = Self.heading(changed: changed, added: added, count: rerun.count)
            let ordered = found.filter(rerun.contains)
            guard try round(ordered, suite: suite, signals: signals, heading: heading) else { return }
        }
    }

    /// Runs `scenarios` and prints their lines and the suite's closing line; false when
    /// Ctrl-C came meanwhile (nothing more is printed then).
    private func round(_ scenarios: [String], suite: Suite, signals: SignalPipe, heading: String?) throws -> Bool {
        if let heading { TestOutput.print(["", heading]) }
        let run = SuiteRun(paths: scenarios)
        try run.run(in: pool) { result in
            guard !Self.isReadable(signals.readDescriptor) else { return }
            TestOutput.print(TestOutput.lines(for: result))
        }
        if Self.isReadable(signals.readDescriptor) { return false }
        for (index, scenario) in scenarios.enumerated() {
            suite.results[scenario] = run.results[index]
            // A crashed worker reports no files: keep what the scenario read last time.
            if !run.sourceFiles[index].isEmpty { suite.files[scenario] = run.sourceFiles[index] }
        }
        let summary = suite.summary
        let rerun =
            scenarios.count == suite.scenarios.count ? "" : " (\(scenarios.count) of \(suite.scenarios.count) run)"
        TestOutput.print([summary.closingLine + rerun, "Watching for changes (Ctrl-C to stop)…"])
        return true
    }

    /// `── 21:47:03 · bots/alisha.lua changed · 2 scenarios ──`
    static func heading(changed: [String], added: [String], count: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        let time = formatter.string(from: Date())
        var what = changed.map(DisplayPath.relative)
        if what.count > 3 { what = Array(what.prefix(3)) + ["\(changed.count - 3) more"] }
        var parts = [time]
        if !what.isEmpty { parts.append(what.joined(separator: ", ") + " changed") }
        if !added.isEmpty { parts.append("\(added.count) new") }
        parts.append(count == 1 ? "1 scenario" : "\(count) scenarios")
        return Sanitizer.sanitize("── " + parts.joined(separator: " · ") + " ──")
    }

    /// The absolute path of a scenario, or of the scenario a leaf's entry belongs to.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: ScenarioCase(entry: path).path).standardizedFileURL.path
    }

    private static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}
