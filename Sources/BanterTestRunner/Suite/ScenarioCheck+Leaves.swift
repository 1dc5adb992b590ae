import BanterModels
import BanterScenario
import BanterScript
import BanterStore
import Foundation

/// How a worker starts a test case: a whole scenario, or a leaf of its branches. Leaves of
/// one scenario handed to the same worker one after another share their prefix's work: the
/// first runs the prefix and keeps the state it leaves (`SharedPrefix`), the next go back
/// to it and run only their own steps. What each leaf reports is what a run of its own
/// reports (`SharedPrefixTests` compares them).
extension ScenarioCheck {
    /// A case ready to run: its runner, its golden transcript (recording), and the run.
    struct CaseRun {
        let runner: ScenarioRunner
        let golden: GoldenTranscript?
        let steps: () throws(ScenarioError) -> [ScenarioFailure]
    }

    /// Prepares `scenarioCase`: from the kept prefix when it is of the same scenario and
    /// still current, else loaded afresh (keeping its prefix when `sharing` and it can be).
    /// `loaded` gets the script as soon as it is loaded, before its bot is.
    func prepare(
        _ scenarioCase: ScenarioCase, sharing: Bool, loaded: (ScenarioScript) -> Void
    ) throws -> CaseRun {
        if sharing, let leaf = scenarioCase.leaf, let shared = sharedPrefix, shared.path == scenarioCase.path,
            let resumed = try resume(shared, at: leaf)
        {
            loaded(resumed.runner.script)
            return resumed
        }
        // The kept runner holds the reused database and the pooled states: release them first.
        sharedPrefix = nil
        let path = scenarioCase.path
        let script = try ScenarioScript(path: path, limits: limits, pool: scenarioStates)
        try Self.select(scenarioCase, in: script)
        loaded(script)
        let runner = try ScenarioRunner(
            script: script, store: template.makeReusedStore(), limits: limits, recordsCoverage: recordsCoverage,
            loadedBots: loadedBots, models: CassetteModels(scenarioPath: path, recording: recordingModels))
        let golden = GoldenTranscript.forScenario(path, leaf: scenarioCase.leaf, mode: transcripts)
        guard sharing, script.sharedStepCount > 0, canShare(script) else {
            golden?.record(runner)
            return CaseRun(runner: runner, golden: golden) { () throws(ScenarioError) in try runner.run() }
        }
        // Any leaf's transcript needs the prefix's: record it once, with this leaf's golden
        // file or one that only records.
        let recording =
            golden
            ?? (needsTranscript(script)
                ? GoldenTranscript.recording(path, leaf: scenarioCase.leaf, mode: transcripts) : nil)
        recording?.record(runner)
        return CaseRun(runner: runner, golden: golden) { [self] () throws(ScenarioError) in
            if let mark = try runner.runSharedPrefix() {
                sharedPrefix = SharedPrefix(runner: runner, mark: mark, transcript: recording?.mark)
            }
            return try runner.runLeaf()
        }
    }

    /// The kept prefix's runner gone back to its mark with `leaf` selected; nil (and the
    /// prefix dropped) when it cannot serve this leaf exactly.
    private func resume(_ shared: SharedPrefix, at leaf: String) throws -> CaseRun? {
        let script = shared.runner.script
        let golden = GoldenTranscript.forScenario(script.path, leaf: leaf, mode: transcripts)
        guard script.leaves.contains(where: { $0.name == leaf }), golden == nil || shared.transcript != nil,
            shared.isCurrent
        else { return nil }
        try script.select(leaf: leaf)
        guard try shared.runner.restore(shared.mark) else {
            sharedPrefix = nil
            return nil
        }
        if let golden, let transcript = shared.transcript { golden.record(shared.runner, after: transcript) }
        prefixReuses += 1
        let runner = shared.runner
        return CaseRun(runner: runner, golden: golden) { () throws(ScenarioError) in try runner.runLeaf() }
    }

    /// Whether the scenario's state can be kept: not while coverage is recorded (each leaf
    /// counts its own lines) nor with model calls (a cassette counts the calls it answered).
    private func canShare(_ script: ScenarioScript) -> Bool {
        !recordsCoverage && recordingModels == nil
            && !FileManager.default.fileExists(atPath: Cassette.path(forScenario: script.path))
    }

    /// Whether any leaf of the scenario has a golden transcript, or `--update` writes them.
    private func needsTranscript(_ script: ScenarioScript) -> Bool {
        transcripts == .update
            || script.leaves.contains {
                FileManager.default.fileExists(
                    atPath: GoldenTranscript.transcriptPath(forScenario: script.path, leaf: $0.name))
            }
    }
}
