import BanterChat
import BanterScript
import BanterStore
import Foundation

/// Loading a scenario and opening its conversation, shared by `run`, `replay` and `test`.
enum ScenarioLoading {
    /// Loads the script at `path` and prepares its run on the database at `databasePath`.
    static func load(_ path: String, databasePath: String) throws -> (ScenarioScript, ScenarioRunner) {
        let script = try ScenarioScript(path: path)
        let store = try ChatStore(path: databasePath)
        let runner = try ScenarioRunner(script: script, store: store)
        return (script, runner)
    }

    /// Prints why a scenario could not run, as "banter: reason".
    static func report(_ error: any Error) {
        report(message: "\(error)")
    }

    /// Prints "banter: message" on standard error.
    static func report(message: String) {
        FileHandle.standardError.write(Data("banter: \(message)\n".utf8))
    }
}
