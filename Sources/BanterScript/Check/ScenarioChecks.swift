import BanterLua

/// What `ScriptChecker` needs to know about scenarios, which live in BanterScenario above
/// this module: how a file declares one, what a scenario script can call, and loading one as
/// `banter test` does. BanterScenario provides the one value (`ScenarioChecks.scenarios`).
package struct ScenarioChecks: Sendable {
    /// What a scenario loaded: the modules it read (not the scenario itself), and its bot
    /// (absolute), if it names one.
    package struct Loaded: Sendable {
        package var modules: [String]
        package var bot: String?

        package init(modules: [String], bot: String?) {
            self.modules = modules
            self.bot = bot
        }
    }

    /// The scenario API's catalogue: the globals and option tables a scenario may use.
    package var catalogue: LuaAPI
    /// Whether a file's source declares a scenario.
    package var declares: @Sendable (_ source: String) -> Bool
    /// Loads the scenario at a path under the limits, as `banter test` would.
    package var load: @Sendable (_ path: String, _ limits: ScriptLimits) throws(ScriptError) -> Loaded

    package init(
        catalogue: LuaAPI, declares: @escaping @Sendable (_ source: String) -> Bool,
        load: @escaping @Sendable (_ path: String, _ limits: ScriptLimits) throws(ScriptError) -> Loaded
    ) {
        self.catalogue = catalogue
        self.declares = declares
        self.load = load
    }
}
