import BanterCore

/// The objects a bot's handlers receive: `chat` (replies, typing, marks, waits, memory)
/// and `msg` (the user's message).
enum ChatAPI {
    static let classes = [
        chat, replyOptions, buttonOptions, cardOptions, askOptions, completeOptions, modelMessage, message, participant,
        attachment, quote, reaction,
        reactionChange, button, card, buttonPress,
    ]

    static let chat = APIClass(
        "BanterChat", doc: "The conversation, as handlers see it.",
        fields: [
            APIField(
                "memory", "table<string, any>", optional: false,
                doc: "Kept per conversation and saved after every handler step; survives restarts and reloads."),
            APIField(
                "participants", "BanterParticipant[]", optional: false,
                doc: "Who is in the group, you first (read afresh each time); empty in a two-party conversation."),
        ],
        methods: [
            APIFunction(
                "reply",
                [
                    APIParameter("text", "string|number"),
                    APIParameter("options", "ReplyOptions", optional: true, options: "ReplyOptions"),
                ],
                returns: [
                    APIReturn("BanterMessage", "sent", doc: "the message as stored, for chat:edit and chat:delete")
                ],
                doc:
                    "Sends a message, a file or a reply to a message (after a pause and typing, when the options ask for them)."
            ),
            APIFunction(
                "react", [APIParameter("msg", "BanterMessage"), APIParameter("emoji", "string")],
                doc: "Adds the bot's reaction (one emoji) to a message; nothing changes when it is already there."),
            APIFunction(
                "unreact", [APIParameter("msg", "BanterMessage"), APIParameter("emoji", "string")],
                doc: "Takes the bot's reaction back."),
            APIFunction(
                "edit", [APIParameter("msg", "BanterMessage"), APIParameter("text", "string")],
                returns: [APIReturn("BanterMessage", "edited")],
                doc: "Replaces the text of one of the bot's own messages; it shows as edited."),
            APIFunction(
                "delete", [APIParameter("msg", "BanterMessage")],
                returns: [APIReturn("BanterMessage", "deleted")],
                doc: "Deletes one of the bot's own messages; a placeholder stays in its place."),
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
                "complete", [APIParameter("options", "CompleteOptions", options: "CompleteOptions")],
                returns: [
                    APIReturn("string?", "text", doc: "the model's answer; nil when the call failed"),
                    APIReturn("string?", "err", doc: "why: timeout, refused, rate-limited, bad answer, unknown model"),
                ],
                doc:
                    "Asks a language model configured in config.toml ([models.NAME]); the handler pauses, the bot shows as typing."
            ),
            APIFunction(
                "history_messages", [APIParameter("count", "integer", optional: true)],
                returns: [APIReturn("ModelMessage[]", "messages")],
                doc:
                    "The newest messages (default 20) as { role, content }: yours \"user\", the bot's \"assistant\"."),
            APIFunction(
                "now", returns: [APIReturn("number", "seconds", doc: "since 1970")],
                doc: "The conversation's clock (virtual in scenarios)."),
        ])

    static let replyOptions = APIClass(
        "ReplyOptions", doc: "Options of `chat:reply(text, options)`.",
        fields: [
            APIField("after", "Duration", doc: "Pause this long first (the handler waits)."),
            APIField(
                "typing", "boolean|Duration",
                doc: "Show the typing indicator first: true for the text's length at the bot's speed, or this long."),
            APIField(
                "file", "string",
                doc: "Send this file from the bot's folder (\"menu.png\", \"img/menu.png\"); the text is its caption."),
            APIField("quote", "BanterMessage", doc: "Reply to this message: it is quoted above the text."),
            APIField(
                "buttons", "(string|ButtonOptions)[]",
                doc: "Buttons under the message (at most 12): a label, or { label, payload, url }; they stay."),
            APIField(
                "quick_replies", "(string|ButtonOptions)[]",
                doc: "Quick replies (at most 12): gone once one is picked, the person types or another message comes."),
            APIField(
                "card", "CardOptions", doc: "A card: a framed block with a title, subtitle, picture and buttons."),
            APIField(
                "final", "boolean",
                doc: "Marks the message as an end of the conversation (`banter crawl`: no dead end)."
            ),
        ])

    static let buttonOptions = APIClass(
        "ButtonOptions", doc: "One button of `chat:reply(text, { buttons = { … } })` in its table form.",
        fields: [
            APIField("label", "string", optional: false, doc: "What the button says (1 to 256 bytes)."),
            APIField(
                "payload", "string",
                doc: "What `on_button` receives when it is picked (at most 4096 bytes; the label unless given)."),
            APIField("url", "string", doc: "Opens this URL instead (drawn as a link; the bot is not told)."),
        ])

    static let cardOptions = APIClass(
        "CardOptions", doc: "The card of `chat:reply(text, { card = { … } })`.",
        fields: [
            APIField("title", "string", optional: false, doc: "The card's title."),
            APIField("subtitle", "string", doc: "A line under the title."),
            APIField(
                "image", "string",
                doc: "A picture from the bot's folder, sent with the message and drawn in the card."),
            APIField("buttons", "(string|ButtonOptions)[]", doc: "The card's own buttons (at most 12)."),
        ])

    static let askOptions = APIClass(
        "AskOptions", doc: "Options of `chat:ask(question, options)`.",
        fields: [
            APIField("timeout", "Duration", doc: "Return nil when nobody answered within this time."),
            APIField(
                "buttons", "(string|ButtonOptions)[]",
                doc: "Buttons under the question, as chat:reply's; a pick answers with its label, and msg.button."),
            APIField("quick_replies", "(string|ButtonOptions)[]", doc: "Quick replies under the question, likewise."),
            APIField("card", "CardOptions", doc: "A card with the question, as chat:reply's."),
        ])

    static let completeOptions = APIClass(
        "CompleteOptions", doc: "Options of `chat:complete { … }`.",
        fields: [
            APIField("model", "string", optional: false, doc: "The model: a [models.NAME] section of config.toml."),
            APIField("system", "string", doc: "The system prompt: who the bot is, how it answers."),
            APIField(
                "messages", "ModelMessage[]", doc: "The conversation so far, oldest first (chat:history_messages)."),
            APIField("temperature", "number", doc: "From 0 (the likeliest words) to 2 (the most varied)."),
            APIField("max_tokens", "integer", doc: "The longest answer, in tokens."),
        ])
    static let modelMessage = APIClass(
        "ModelMessage", doc: "One turn of the conversation a model is shown.",
        fields: [
            APIField(
                "role", "\"user\"|\"assistant\"|\"system\"", optional: false,
                doc: "Who said it: the person (user), the bot (assistant) or the instructions (system)."),
            APIField("content", "string", optional: false, doc: "What was said."),
        ])
    static let message = APIClass(
        "BanterMessage", doc: "A message, as handlers receive it and chat:reply returns it.",
        fields: [
            APIField(
                "text", "string", optional: false, doc: "The message text (a file's caption; empty once deleted)."),
            APIField("id", "integer", optional: false, doc: "Its id in the store."),
            APIField(
                "at", "number", optional: false, doc: "When it was sent, seconds since 1970 (may have a fraction)."),
            APIField(
                "from", "\"me\"|\"them\"", optional: false, doc: "Who sent it: the user (\"me\") or the bot (\"them\")."
            ),
            APIField(
                "sender", "BanterParticipant", optional: false,
                doc: "Who sent it: in a group, the participant by name, kind and whether it is a bot."),
            APIField(
                "mentions", "string[]", doc: "The group's participants it mentions as @Name, if any, in order."),
            APIField("attachment", "BanterAttachment", doc: "The file sent with it, if any."),
            APIField("quote", "BanterQuote", doc: "The message it replies to, if any."),
            APIField("reactions", "BanterReaction[]", doc: "Its reactions, oldest first, if any."),
            APIField("edited", "boolean", doc: "true when its text was edited."),
            APIField("deleted", "boolean", doc: "true when it was deleted."),
            APIField("button", "BanterButtonPress", doc: "The button the person picked, when the message is a pick."),
        ] + MessageField.all.flatMap(\.luaFields))

    static let participant = APIClass(
        "BanterParticipant", doc: "Someone in the conversation (`msg.sender`, `chat.participants[i]`).",
        fields: [
            APIField(
                "name", "string", optional: false,
                doc: "Their name in the group (\"you\" for the user, \"them\" for a two-party other side)."),
            APIField("initial", "string", optional: false, doc: "The initial their avatar shows."),
            APIField(
                "kind", "\"you\"|\"person\"|\"bot\"|\"system\"", optional: false,
                doc: "The user, another person, a bot or Banter itself."),
            APIField("is_bot", "boolean", optional: false, doc: "true for a bot."),
            APIField("color", "string", doc: "The colour a bot declared, \"#RRGGBB\", if any."),
        ])

    static let button = APIClass(
        "BanterButton", doc: "A button or quick reply a message offers (`msg.buttons[i]`, `msg.quick_replies[i]`).",
        fields: [
            APIField("label", "string", optional: false, doc: "What the button says."),
            APIField(
                "payload", "string", optional: false,
                doc: "What a bot receives when it is picked (the label unless given)."),
            APIField("url", "string", doc: "A URL the button opens instead, if any."),
        ])

    static let card = APIClass(
        "BanterCard", doc: "A card a message offers (`msg.card`).",
        fields: [
            APIField("title", "string", optional: false, doc: "The card's title."),
            APIField("subtitle", "string", doc: "A line under the title, if any."),
            APIField("image", "string", doc: "A picture from the bot's folder, if any."),
            APIField("buttons", "BanterButton[]", doc: "The card's own buttons, if any."),
        ])

    static let buttonPress = APIClass(
        "BanterButtonPress", doc: "The pick a message stands for (`msg.button`, on the person's pick).",
        fields: [
            APIField("label", "string", optional: false, doc: "The label picked (also the message's text)."),
            APIField("payload", "string", optional: false, doc: "The button's payload."),
            APIField("message", "integer", optional: false, doc: "The id of the message the button was on."),
            APIField(
                "kind", "\"button\"|\"quick reply\"|\"card button\"", optional: false, doc: "Where it was drawn."),
        ])

    static let attachment = APIClass(
        "BanterAttachment", doc: "A file sent with a message (`msg.attachment`).",
        fields: [
            APIField("name", "string", optional: false, doc: "The file's name."),
            APIField("type", "string", optional: false, doc: "Its media type (\"image/png\", \"application/pdf\")."),
            APIField("size", "integer", optional: false, doc: "Its size in bytes."),
            APIField("width", "integer", doc: "An image's width in pixels (PNG, JPEG, GIF, WebP)."),
            APIField("height", "integer", doc: "An image's height in pixels."),
        ])

    static let quote = APIClass(
        "BanterQuote", doc: "The message a reply quotes (`msg.quote`), as it read when quoted.",
        fields: [
            APIField("id", "integer", optional: false, doc: "The quoted message's id."),
            APIField("from", "\"me\"|\"them\"|\"system\"", optional: false, doc: "Who wrote it."),
            APIField("text", "string", optional: false, doc: "Its first line (or its file's name)."),
        ])

    static let reaction = APIClass(
        "BanterReaction", doc: "One reaction on a message (`msg.reactions[i]`).",
        fields: [
            APIField("emoji", "string", optional: false, doc: "The emoji."),
            APIField("from", "\"me\"|\"them\"", optional: false, doc: "Who reacted."),
        ])

    static let reactionChange = APIClass(
        "BanterReactionChange", doc: "What `on_reaction` handlers receive first.",
        fields: [
            APIField("emoji", "string", optional: false, doc: "The emoji."),
            APIField("from", "\"me\"", optional: false, doc: "Who reacted: the user."),
            APIField("added", "boolean", optional: false, doc: "true when added, false when taken back."),
        ])
}
