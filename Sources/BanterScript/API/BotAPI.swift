/// The globals of a bot script: its declarations (`bot`, `grouping`, `seed`) and handler
/// registration (`on`, `on_message`, `on_open`, `fallback`). The `chat` object and `msg`
/// table are in `ChatAPI`.
package enum BotAPI {
    /// Everything a bot script can call, for the runtime's checks and `banter types`.
    package static let catalogue = LuaAPI(
        kind: "bot",
        globals: [
            APIFunction(
                "bot", [APIParameter("options", "BotOptions", options: "BotOptions")],
                doc: "Declares the bot (required, once, while the script loads)."),
            SharedAPI.grouping,
            APIFunction(
                "seed", [APIParameter("messages", "SeedMessage[]", options: "SeedMessage")],
                doc: "Messages inserted once, when the conversation is created."),
            APIFunction(
                "on",
                [
                    APIParameter("pattern", "string", doc: "A Lua pattern, checked when the script loads."),
                    APIParameter(
                        "handler", "fun(msg: BanterMessage, chat: BanterChat, ...: string)",
                        doc: "Runs with the pattern's captures as extra arguments."),
                    APIParameter("options", "OnOptions", optional: true, options: "OnOptions"),
                ],
                doc: "Handles a message whose text matches the pattern (the first matching `on` runs)."),
            APIFunction(
                "on_message", [APIParameter("handler", "fun(msg: BanterMessage, chat: BanterChat)")],
                doc: "Runs for every message, before the pattern handlers."),
            APIFunction(
                "on_open", [APIParameter("handler", "fun(chat: BanterChat, first_time: boolean)")],
                doc: "Runs when the conversation is shown; first_time when it was just created."),
            APIFunction(
                "on_reaction",
                [APIParameter("handler", "fun(reaction: BanterReactionChange, msg: BanterMessage, chat: BanterChat)")],
                doc: "Runs when the user adds or takes back a reaction; msg is the message reacted to."),
            APIFunction(
                "on_edit", [APIParameter("handler", "fun(msg: BanterMessage, chat: BanterChat)")],
                doc: "Runs when the user edits one of their messages; msg has the new text and edited = true."),
            APIFunction(
                "on_delete", [APIParameter("handler", "fun(msg: BanterMessage, chat: BanterChat)")],
                doc: "Runs when the user deletes one of their messages; msg has deleted = true and no text."),
            APIFunction(
                "on_button",
                [
                    APIParameter(
                        "pattern", "string", optional: true,
                        doc: "A Lua pattern the payload must match (any payload without)."),
                    APIParameter(
                        "handler", "fun(payload: string, msg: BanterMessage, chat: BanterChat, ...: string)",
                        doc: "Runs with the payload, the pick (msg.text is the label) and the pattern's captures."),
                ],
                doc:
                    "Handles a picked button or quick reply by its payload (the first matching runs; none: the label goes to `on`)."
            ),
            APIFunction(
                "fallback", [APIParameter("handler", "fun(msg: BanterMessage, chat: BanterChat)")],
                doc: "Runs when no pattern matched (a bot has at most one)."),
        ],
        classes: [botOptions, typingOptions, seedMessage, onOptions, SharedAPI.groupingOptions] + ChatAPI.classes,
        aliases: [SharedAPI.duration]
    )

    static let botOptions = APIClass(
        "BotOptions", doc: "What `bot { … }` declares.",
        fields: [
            APIField("name", "string", optional: false, doc: "Shown as the conversation's participant."),
            APIField(
                "greeting", "string", doc: "Match line: a centred system message when the conversation is created."),
            APIField("initial", "string", doc: "One character for the avatar (default: the name's first letter)."),
            APIField("color", "string", doc: "Avatar colour, \"#RRGGBB\"."),
            APIField("colour", "string", doc: "Same as color."),
            APIField("typing", "BotTypingOptions", doc: "Typing speed for derived typing times."),
            APIField(
                "talkativeness", "number",
                doc:
                    "In a group under the natural turn policy, the chance (0 to 1) it answers a message not mentioning it."
            ),
        ])

    static let typingOptions = APIClass(
        "BotTypingOptions", doc: "The bot's typing speed.",
        fields: [APIField("cps", "number", optional: false, doc: "Characters per second (default 14).")])

    static let seedMessage = APIClass(
        "SeedMessage", doc: "One message of `seed { … }`.",
        fields: [
            APIField("from", "\"me\"|\"them\"|\"system\"", optional: false, doc: "Who wrote it."),
            APIField("text", "string", optional: false, doc: "The message text."),
            APIField(
                "at", "string|number",
                doc:
                    "\"now\", \"-90m\", \"10:00\", \"-1d 10:00\", \"2026-11-20 19:00\" or seconds relative to creation."
            ),
        ])

    static let onOptions = APIClass(
        "OnOptions", doc: "Options of `on(pattern, handler, options)`.",
        fields: [
            APIField("ignore_case", "boolean", doc: "Letters match in either case; captures keep the user's case.")
        ])
}
