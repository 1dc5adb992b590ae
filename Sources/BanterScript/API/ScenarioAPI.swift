import BanterCore

/// The globals of a scenario script: the `scenario { … }` declaration and the steps.
public enum ScenarioAPI {
    /// Everything a scenario script can call, for the runtime's checks and `banter types`.
    public static let catalogue = LuaAPI(
        kind: "scenario",
        globals: [
            APIFunction(
                "scenario", [APIParameter("options", "ScenarioOptions", options: "ScenarioOptions")],
                doc: "Declares the scenario (required, before any step)."),
            APIFunction(
                "me", [APIParameter("message", "string|MeOptions", options: "MeOptions")],
                doc: "You send a message (text, a file from the scenario's folder, a reply quoting a message); the bot gets it."),
            APIFunction(
                "react",
                [APIParameter("emoji", "string"), APIParameter("options", "TargetOptions", optional: true, options: "TargetOptions")],
                doc: "You react to the other side's newest message (or { to = -N }); again to take it back."),
            APIFunction(
                "edit",
                [APIParameter("text", "string"), APIParameter("options", "TargetOptions", optional: true, options: "TargetOptions")],
                doc: "You edit your newest message (or { to = -N }); the bot's on_edit runs."),
            APIFunction(
                "delete", [APIParameter("options", "TargetOptions", optional: true, options: "TargetOptions")],
                doc: "You delete your newest message (or { to = -N }); the bot's on_delete runs."),
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
                "expect_reaction",
                [
                    APIParameter("emoji", "string"),
                    APIParameter("options", "ExpectReactionOptions", optional: true, options: "ExpectReactionOptions"),
                ],
                doc: "The bot reacts with this emoji to your newest message (or { to = -N }), within a minute (or within)."),
            APIFunction(
                "expect_edit",
                [
                    APIParameter("expected", "string|ExpectEdit", optional: true, options: "ExpectEdit",
                                 doc: "The new text exactly, { text = } or { pattern = }; nothing for any edit."),
                    APIParameter("options", "ExpectReplyOptions", optional: true, options: "ExpectReplyOptions"),
                ],
                doc: "The bot edits one of its messages (the next edit not yet checked)."),
            APIFunction(
                "expect_delete",
                [
                    APIParameter("text", "string", optional: true, doc: "What the deleted message read."),
                    APIParameter("options", "ExpectReplyOptions", optional: true, options: "ExpectReplyOptions"),
                ],
                doc: "The bot deletes one of its messages (the next deletion not yet checked)."),
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
        classes: [
            scenarioOptions, meOptions, targetOptions, expectReply, expectReplyOptions, expectReactionOptions, expectEdit,
            SharedAPI.groupingOptions,
        ],
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
        "ExpectReply", doc: "The table form of `expect_reply { … }`: text or pattern, file, quote.",
        fields: [
            APIField("text", "string", doc: "The reply is exactly this text."),
            APIField("pattern", "string", doc: "The reply contains a match of this Lua pattern."),
            APIField("file", "string", doc: "The reply carries a file with this name."),
            APIField("quote", "string|true", doc: "The reply quotes a message whose first line is this text (true: any)."),
            within,
        ] + MessageField.all.compactMap(\.scenarioField))

    static let meOptions = APIClass(
        "MeOptions", doc: "The table form of `me { … }`.",
        fields: [
            APIField("text", "string", doc: "The text (a file's caption)."),
            APIField("file", "string", doc: "A file from the scenario's folder (\"menu.png\", \"files/menu.png\")."),
            APIField("quote", "integer|true", doc: "Reply to the other side's N-th newest message (-1 or true: the newest)."),
        ])

    static let targetOptions = APIClass(
        "TargetOptions", doc: "Which message `react`, `edit` and `delete` act on.",
        fields: [APIField("to", "integer", doc: "-1 for the newest (the default), -2 for the one before, …")])

    static let expectReactionOptions = APIClass(
        "ExpectReactionOptions", doc: "Options of `expect_reaction(emoji, options)`.",
        fields: [
            APIField("to", "integer", doc: "Your N-th newest message (-1, the default, is the newest)."),
            within,
        ])

    static let expectEdit = APIClass(
        "ExpectEdit", doc: "The table form of `expect_edit { … }`.",
        fields: [
            APIField("text", "string", doc: "The new text is exactly this."),
            APIField("pattern", "string", doc: "The new text contains a match of this Lua pattern."),
            within,
        ])

    static let expectReplyOptions = APIClass(
        "ExpectReplyOptions", doc: "Options of `expect_reply(expected, options)`.",
        fields: [within])

    private static let within = APIField("within", "Duration", doc: "Wait up to this long (virtual time).")
}
