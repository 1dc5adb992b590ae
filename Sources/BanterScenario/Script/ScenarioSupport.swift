/// Trusted Lua run once per scenario state. The steps whose arguments it looks at first
/// (`ScenarioStepForm`) come in as `step:NAME`, and it returns the globals that wrap them:
/// a `{ pattern = }` given first is checked as the script loads, so a bad one fails at its
/// own line; for `predicate:NAME` steps (`expect_reply`), a function given first is kept in
/// a table under a string key the host reads back, since host functions cannot receive
/// functions as data.
enum ScenarioSupport {
    /// The text is `scenario_support.lua` beside this file, embedded at build time (Plugins/EmbedLua).
    static var source: String { EmbeddedLua.scenarioSupport }
}
