import BanterChat
import BanterCore
import BanterLua
import BanterModels
import BanterScenario
import BanterScript
import BanterStore
import Foundation

/// Runs scenarios one after another in this process, each on a fresh in-memory database:
/// the template's content, on one connection rewound between scenarios
/// (`InMemoryTemplate.makeReusedStore`), with bots put back to their loaded state rather
/// than loaded again (`LoadedBotPool`), and each scenario loaded in a Lua state put back to
/// where the support code had loaded (`ScenarioStatePool`). What a worker process does for each scenario it is
/// handed. Not thread-safe.
package final class ScenarioCheck {
    let limits: ScriptLimits
    let recordsCoverage: Bool
    let transcripts: GoldenTranscript.Mode
    /// Whether every handler trace is reported (`--trace`), not only those of failed steps.
    let reportsTraces: Bool
    /// Whether each result names the files the scenario and its bot read (`--watch` needs
    /// them to know what to rerun; a plain run neither gathers nor sends them).
    let reportsSourceFiles: Bool
    let template: InMemoryTemplate
    /// The scenarios' bots, loaded once and put back to their loaded state for each scenario.
    let loadedBots = LoadedBotPool()
    /// The scenarios' Lua states, put back to where the support code had loaded.
    let scenarioStates = ScenarioStatePool()
    /// With `--record`, the configured models that answer and fill each scenario's cassette;
    /// nil replays the cassettes.
    let recordingModels: ModelClient?
    /// The last scenario with branches run here, kept at the end of its shared prefix for
    /// its next leaf (see `ScenarioCheck+Leaves`).
    var sharedPrefix: SharedPrefix?
    /// How many leaves started from a kept prefix instead of running it (tests read it).
    package internal(set) var prefixReuses = 0

    /// `transcripts`: compare with golden transcripts that exist, or write them (`--update`).
    package init(
        limits: ScriptLimits, recordsCoverage: Bool = false, transcripts: GoldenTranscript.Mode = .compare,
        reportsTraces: Bool = false, reportsSourceFiles: Bool = false, recordingModels: ModelClient? = nil
    ) throws(StoreError) {
        self.recordingModels = recordingModels
        self.reportsSourceFiles = reportsSourceFiles
        self.limits = limits
        self.reportsTraces = reportsTraces
        self.recordsCoverage = recordsCoverage
        self.transcripts = transcripts
        template = try InMemoryTemplate()
    }

    /// Loads and runs the scenario at `path`; with coverage on, also what its bot ran. The
    /// path may be an `OverriddenScenario` entry: the scenario runs with the file replaced.
    package func run(_ path: String) -> WorkerReplyParts {
        guard let overridden = OverriddenScenario(entry: path) else { return run(scenario: path, sharing: true) }
        guard let replacement = FileManager.default.contents(atPath: overridden.replacement) else {
            return WorkerReplyParts(
                result: ScenarioResult(
                    path: path, verdict: .error("cannot read \(overridden.replacement)"), seconds: 0))
        }
        SourceOverrides.set([overridden.file: [UInt8](replacement)])
        defer { SourceOverrides.set([:]) }
        // A replaced file is read through `SourceOverrides`, which a kept prefix cannot see.
        sharedPrefix = nil
        var parts = run(scenario: overridden.scenario, sharing: false)
        parts.result.path = path
        return parts
    }

    private func run(scenario entry: String, sharing: Bool) -> WorkerReplyParts {
        let scenarioCase = ScenarioCase(entry: entry)
        let path = scenarioCase.path
        let start = ContinuousClock.now
        var coverage: [FileCoverage]?
        // The files read, gathered only when asked for (`--watch`).
        var sourceFiles: [String]? = reportsSourceFiles ? [URL(fileURLWithPath: path).standardizedFileURL.path] : nil
        var written: String?
        var traceLines: [String]?
        let verdict: ScenarioVerdict
        do {
            let caseRun = try prepare(scenarioCase, sharing: sharing) { script in
                if sourceFiles != nil {
                    sourceFiles =
                        script.sourceFiles
                        + [script.settings.botPath].compactMap { $0 }.filter { !BotAddress.isURL($0) }
                }
            }
            let runner = caseRun.runner
            // Read after the run too: a handler may `require` a module late.
            defer {
                if var read = sourceFiles {
                    for bot in runner.session.runningBots {
                        read += bot.sourceFiles.filter { !read.contains($0) }
                    }
                    sourceFiles = read
                }
            }
            let golden = caseRun.golden
            var failures = try caseRun.steps().map {
                // A bot error's stack frames follow its first line.
                let message = $0.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let detail =
                    message.dropFirst().map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }
                    + $0.traces.flatMap { Self.lines(of: $0, label: "trace", showsElapsed: reportsTraces) }
                return ExpectationFailure(
                    file: $0.location.file, line: $0.location.line, message: message.first ?? "",
                    detail: detail.isEmpty ? nil : detail)
            }
            if reportsTraces {
                traceLines = runner.traces.flatMap { step in
                    Self.lines(
                        of: step.trace, label: step.location.map { "line \($0.line)" } ?? "opening", showsElapsed: true)
                }
            }
            if recordsCoverage {
                let bots = runner.session.runningBots
                coverage = bots.isEmpty ? nil : bots.compactMap { $0 as? BotRuntime }.flatMap { Self.coverage(of: $0) }
            }
            switch golden?.finish(runner) {
            case .failed(let failure): failures.append(failure)
            case .written: written = golden.map { URL(fileURLWithPath: $0.path).lastPathComponent }
            case .unchanged, nil: break
            }
            verdict = failures.isEmpty ? .passed : .failed(failures)
        } catch {
            verdict = .error("\(error)")
        }
        let result = ScenarioResult(
            path: entry, verdict: verdict, seconds: (ContinuousClock.now - start).seconds, transcriptWritten: written,
            traceLines: traceLines)
        return WorkerReplyParts(result: result, coverage: coverage, sourceFiles: sourceFiles)
    }

    /// Makes the case's leaf the one the script runs. `banter test` hands a scenario with
    /// branches over leaf by leaf (`ScenarioCase.expand`); a whole file that turns out to have
    /// branches declared them where the listing does not look, or came from `banter mutate`.
    static func select(_ scenarioCase: ScenarioCase, in script: ScenarioScript) throws(ScriptError) {
        if let leaf = scenarioCase.leaf { return try script.select(leaf: leaf) }
        guard script.leaves.isEmpty else {
            throw ScriptError(
                file: URL(fileURLWithPath: script.path).lastPathComponent,
                reason:
                    "the scenario has branches, but this run was handed the whole file: banter test lists a scenario's leaves from the file itself, so call branch there (not only in a module it requires); banter mutate does not run scenarios with branches"
            )
        }
    }

    /// A trace as report lines: the first says where (`label: "hi" → on(…)`). Failures
    /// leave the milliseconds out unless `--trace` asked for them, so that a run's output
    /// is the same whatever the machine's load.
    static func lines(of trace: HandlerTrace, label: String, showsElapsed: Bool) -> [String] {
        let lines = trace.lines(showsElapsed: showsElapsed)
        return lines.prefix(1).map { "↳ \(label): " + $0 } + lines.dropFirst()
    }

    /// What the bot ran, by absolute file path.
    static func coverage(of bot: BotRuntime) -> [FileCoverage] {
        let folder = URL(fileURLWithPath: bot.scriptFolder, isDirectory: true)
        func path(_ chunk: String) -> String { folder.appendingPathComponent(chunk).standardizedFileURL.path }
        var files: [String: FileCoverage] = [:]
        for function in bot.coveredFunctions {
            let file = path(function.chunk)
            files[file, default: FileCoverage(path: file)].merge(
                FileCoverage(
                    path: file, lineHits: function.hits,
                    enteredFunctions: [FunctionSpan(firstLine: function.firstLine, lastLine: function.lastLine)]))
        }
        for handler in bot.declaredHandlers {
            guard let chunk = handler.chunk else { continue }
            let file = path(chunk)
            let span = FunctionSpan(firstLine: handler.firstLine, lastLine: handler.lastLine)
            files[file, default: FileCoverage(path: file)].handlers.insert(
                HandlerDeclaration(label: handler.label, function: span))
        }
        return files.values.sorted { $0.path < $1.path }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number (for reports).
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
