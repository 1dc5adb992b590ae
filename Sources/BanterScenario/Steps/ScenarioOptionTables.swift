import BanterScript

/// The option tables several steps take, defined once for the catalogue and the checks.
enum ScenarioOptionTables {
    static let target = APIClass(
        "TargetOptions", doc: "Which message `react`, `edit` and `delete` act on.",
        fields: [APIField("to", "integer", doc: "-1 for the newest (the default), -2 for the one before, …")])

    static let waiting = APIClass(
        "ExpectReplyOptions", doc: "Options of `expect_reply(expected, options)`.",
        fields: [within])

    /// How long an expectation waits for the bot.
    static let within = APIField("within", "Duration", doc: "Wait up to this long (virtual time).")
}
