/// The globals of a scenario script: the `scenario { … }` declaration and the steps.
public enum ScenarioAPI {
    /// Everything a scenario script can call, for the runtime's checks and `banter types`.
    public static let catalogue = LuaAPI(
        kind: "scenario",
        globals: [
            APIFunction(
                "scenario", [APIParameter("options", "ScenarioOptions", options: "ScenarioOptions")],
                doc: "Declares the scenario (required, before any step)."),
            APIFunction("me", [APIParameter("text", "string")], doc: "You send a message; the bot gets it."),
            APIFunction("them", [APIParameter("text", "string")], doc: "The other side writes a message without the bot."),
            APIFunction("wait", [APIParameter("duration", "Duration")], doc: "Time passes on the virtual clock."),
            APIFunction(
                "expect_reply",
                [
                    APIParameter("expected", "string|ExpectReply|fun(text: string): any", options: "ExpectReply",
                                 doc: "The exact text, { text = } or { pattern = }, or a predicate."),
                    APIParameter("options", "ExpectReplyOptions", optional: true, options: "ExpectReplyOptions"),
                ],
                doc: "The bot's next unchecked reply must match (waiting up to a minute of virtual time)."),
            APIFunction(
                "expect_no_reply", [APIParameter("duration", "Duration")],
                doc: "No bot reply arrives within the duration."),
            APIFunction(
                "expect_section", [APIParameter("header", "string", optional: true)],
                doc: "The next message opens a new section (with this header text)."),
            APIFunction("expect_cluster_break", doc: "The next message starts a new cluster."),
            APIFunction("expect_same_cluster", doc: "The next message continues the previous message's cluster."),
            APIFunction(
                "expect_typing", [APIParameter("showing", "boolean", optional: true)],
                doc: "The typing indicator is showing now (or, with false, is not)."),
            APIFunction(
                "expect_status", [APIParameter("status", "\"sending\"|\"sent\"|\"delivered\"|\"read\"")],
                doc: "The status of your newest message."),
            SharedAPI.grouping,
            APIFunction("mark_read", doc: "The other side marks your messages read."),
            APIFunction("mark_delivered", doc: "The other side marks your messages delivered."),
        ],
        classes: [scenarioOptions, expectReply, expectReplyOptions, SharedAPI.groupingOptions],
        aliases: [SharedAPI.duration]
    )

    static let scenarioOptions = APIClass(
        "ScenarioOptions", doc: "What `scenario { … }` declares.",
        fields: [
            APIField("bot", "string", doc: "The bot script, relative to the scenario's folder."),
            APIField("start", "string", doc: "When the virtual clock starts, a local date and time (default \"2026-01-05 09:00\")."),
            APIField("time_zone", "string", doc: "Where local times and headers are computed (default \"UTC\")."),
            APIField("grouping", "GroupingOptions", doc: "Grouping rules on top of the bot's."),
            APIField("seed", "integer", doc: "Seeds the bot's math.random (default 0)."),
            APIField("title", "string", doc: "The conversation's name (default: the file's name)."),
            APIField("width", "integer", doc: "Columns the golden transcript NAME.transcript is rendered at (default 80)."),
            APIField("memory", "table", doc: "The bot's chat.memory when the conversation opens (a saved session's)."),
        ])

    static let expectReply = APIClass(
        "ExpectReply", doc: "The table form of `expect_reply { … }`: text or pattern.",
        fields: [
            APIField("text", "string", doc: "The reply is exactly this text."),
            APIField("pattern", "string", doc: "The reply contains a match of this Lua pattern."),
            within,
        ])

    static let expectReplyOptions = APIClass(
        "ExpectReplyOptions", doc: "Options of `expect_reply(expected, options)`.",
        fields: [within])

    private static let within = APIField("within", "Duration", doc: "Wait up to this long (virtual time).")
}
