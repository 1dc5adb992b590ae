import BanterScript

/// The globals of a scenario script: the `scenario { … }` declaration, and the steps, each
/// defined by its own type in `ScenarioStepTable.all`.
enum ScenarioAPI {
    /// Everything a scenario script can call, for the runtime's checks and `banter types`.
    static let catalogue = LuaAPI(
        kind: "scenario",
        globals: [declaration, branch] + ScenarioStepTable.all.map { $0.function },
        classes: optionTables,
        aliases: [SharedAPI.duration]
    )

    static let declaration = APIFunction(
        "scenario", [APIParameter("options", "ScenarioOptions", options: "ScenarioOptions")],
        doc: "Declares the scenario (required, before any step).")

    static let branch = APIFunction(
        "branch", [APIParameter("name", "string")], returns: [APIReturn("fun(steps: table|function)", "steps")],
        doc:
            "Starts a branch after the steps so far: branch \"NAME\" { … } runs its steps as a test case of its own.")

    static let scenarioOptions = APIClass(
        "ScenarioOptions", doc: "What `scenario { … }` declares.",
        fields: [
            APIField("bot", "string", doc: "The bot script, relative to the scenario's folder."),
            APIField(
                "start", "string",
                doc: "When the virtual clock starts, a local date and time (default \"2026-01-05 09:00\")."),
            APIField("time_zone", "string", doc: "Where local times and headers are computed (default \"UTC\")."),
            APIField("grouping", "GroupingOptions", doc: "Grouping rules on top of the bot's."),
            APIField("seed", "integer", doc: "Seeds the bot's math.random (default 0)."),
            APIField("title", "string", doc: "The conversation's name (default: the file's name)."),
            APIField(
                "width", "integer", doc: "Columns the golden transcript NAME.transcript is rendered at (default 80)."),
            APIField("memory", "table", doc: "The bot's chat.memory when the conversation opens (a saved session's)."),
            APIField(
                "turns", "\"all\"|\"mention\"|\"round_robin\"|\"natural\"|\"manual\"",
                doc: "In a group, which bots answer a message (default all)."),
            APIField(
                "turn_budget", "integer",
                doc: "In a group, bot messages in a row before the bots stop hearing each other (default 8)."),
        ])

    /// The declaration's options, then each step's option tables in table order, each once.
    private static var optionTables: [APIClass] {
        var tables = [scenarioOptions]
        for table in ScenarioStepTable.all.flatMap({ $0.optionTables })
        where !tables.contains(where: { $0.name == table.name }) {
            tables.append(table)
        }
        return tables
    }
}
