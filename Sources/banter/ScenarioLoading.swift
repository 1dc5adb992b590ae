import BanterChat
import BanterLua
import BanterModels
import BanterScenario
import BanterScript
import BanterStore
import Foundation

/// Loading a scenario and opening its conversation, shared by `run`, `replay` and `test`.
enum ScenarioLoading {
    /// Loads the script at `path` and prepares its run on the database at `databasePath`; its
    /// model calls are answered from its cassette, or by `recording` written to it.
    static func load(
        _ path: String, databasePath: String, limits: ScriptLimits, recording: ModelClient? = nil
    ) throws -> (ScenarioScript, ScenarioRunner) {
        let script = try ScenarioScript(path: path, limits: limits)
        let store = try ChatStore(path: databasePath)
        let runner = try ScenarioRunner(
            script: script, store: store, limits: limits, loadedBots: nil,
            models: CassetteModels(scenarioPath: path, recording: recording))
        return (script, runner)
    }
}
