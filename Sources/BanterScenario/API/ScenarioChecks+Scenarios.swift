import BanterLua
import BanterScript

extension ScenarioChecks {
    /// Scenarios as `banter check` tells, describes and loads them.
    package static let scenarios = ScenarioChecks(
        catalogue: ScenarioAPI.catalogue,
        declares: { source in ScenarioFinder.declaresScenario(source: source) },
        load: { path, limits throws(ScriptError) in
            let script = try ScenarioScript(path: path, limits: limits)
            return ScenarioChecks.Loaded(modules: Array(script.sourceFiles.dropFirst()), bot: script.settings.botPath)
        })
}
