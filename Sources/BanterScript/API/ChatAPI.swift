/// The objects a bot's handlers receive: `chat` (replies, typing, marks, waits, memory)
/// and `msg` (the user's message).
enum ChatAPI {
    static let classes = [chat, replyOptions, askOptions, message]

    static let chat = APIClass(
        "BanterChat", doc: "The conversation, as handlers see it.",
        fields: [
            APIField("memory", "table<string, any>", optional: false,
                     doc: "Kept per conversation and saved after every handler step; survives restarts and reloads."),
        ],
        methods: [
            APIFunction(
                "reply",
                [
                    APIParameter("text", "string|number"),
                    APIParameter("options", "ReplyOptions", optional: true, options: "ReplyOptions"),
                ],
                doc: "Sends a message (after a pause and typing, when the options ask for them)."),
            APIFunction(
                "typing", [APIParameter("duration", "Duration|false")],
                doc: "Shows the typing indicator for a while without pausing; false hides it."),
            APIFunction(
                "mark", [APIParameter("status", "\"delivered\"|\"read\"")],
                doc: "Marks the user's messages delivered or read."),
            APIFunction(
                "wait", [APIParameter("duration", "Duration")],
                doc: "Pauses the handler on the conversation's clock."),
            APIFunction(
                "ask",
                [
                    APIParameter("question", "string", optional: true),
                    APIParameter("options", "AskOptions", optional: true, options: "AskOptions"),
                ],
                returns: [
                    APIReturn("string?", "answer", doc: "nil when the timeout passed"),
                    APIReturn("BanterMessage?", "message"),
                ],
                doc: "Sends the question, then pauses until the user's next message and returns it."),
            APIFunction(
                "now", returns: [APIReturn("number", "seconds", doc: "since 1970")],
                doc: "The conversation's clock (virtual in scenarios)."),
        ])

    static let replyOptions = APIClass(
        "ReplyOptions", doc: "Options of `chat:reply(text, options)`.",
        fields: [
            APIField("after", "Duration", doc: "Pause this long first (the handler waits)."),
            APIField("typing", "boolean|Duration",
                     doc: "Show the typing indicator first: true for the text's length at the bot's speed, or this long."),
        ])

    static let askOptions = APIClass(
        "AskOptions", doc: "Options of `chat:ask(question, options)`.",
        fields: [APIField("timeout", "Duration", doc: "Return nil when nobody answered within this time.")])

    static let message = APIClass(
        "BanterMessage", doc: "A message from the user, as handlers receive it.",
        fields: [
            APIField("text", "string", optional: false, doc: "The message text."),
            APIField("id", "integer", optional: false, doc: "Its id in the store."),
            APIField("at", "number", optional: false, doc: "When it was sent, seconds since 1970 (may have a fraction)."),
            APIField("from", "\"me\"", optional: false, doc: "Who sent it."),
        ])
}
