import BanterCore

/// One line of a scenario, collected when the script loads and run later on a virtual clock.
public struct ScenarioStep: Hashable, Sendable {
    public var location: SourceLocation
    public var action: Action

    public init(location: SourceLocation, action: Action) {
        self.location = location
        self.action = action
    }

    /// What the step does or checks.
    public enum Action: Hashable, Sendable {
        /// The user sends a message (`me "hi"`, `me { file = "x.png", text = "caption",
        /// quote = -1 }`); the bot answers as it would in a chat.
        case me(ScenarioMessage)
        /// The other side writes this text without the bot (`them "hello"`).
        case them(String)
        /// Time passes (`wait "2h"`); the bot's scheduled work runs on the way.
        case wait(Duration)
        /// The user reacts to (or takes back a reaction on) the `target`-th newest message
        /// from the other side.
        case react(String, target: Int)
        /// The user edits their `target`-th newest message.
        case edit(String, target: Int)
        /// The user deletes their `target`-th newest message.
        case delete(target: Int)
        /// The bot's next message, waiting up to `within` of virtual time for it.
        case expectReply(ReplyExpectation, within: Duration)
        /// The bot reacts with this emoji to the user's `target`-th newest message.
        case expectReaction(String, target: Int, within: Duration)
        /// The bot edits one of its messages (the next edit no step has checked), to a
        /// text that matches when a matcher is given.
        case expectEdit(ReplyMatcher?, within: Duration)
        /// The bot deletes one of its messages (the next deletion no step has checked),
        /// one that read this text when given.
        case expectDelete(String?, within: Duration)
        /// No bot message arrives within the duration.
        case expectNoReply(Duration)
        /// The next message opens a section, with this header text when given.
        case expectSection(header: String?)
        /// The next message starts a new cluster.
        case expectClusterBreak
        /// The next message continues the previous message's cluster.
        case expectSameCluster
        /// The typing indicator is showing (true) or not (false) now.
        case expectTyping(Bool)
        /// The status of the user's newest message.
        case expectStatus(DeliveryStatus)
        /// The grouping rules change from here on.
        case grouping(GroupingChange)
        /// The other side marks the user's messages delivered or read.
        case mark(DeliveryStatus)
    }
}

/// What a `me` step sends: text (a caption with a file), a file read from the scenario's
/// folder when the script loaded, and which message of the other side it quotes.
public struct ScenarioMessage: Hashable, Sendable {
    public var text: String
    public var file: BotFile?
    /// Quotes the N-th newest message from the other side (1 is the newest).
    public var quote: Int?

    public init(text: String, file: BotFile? = nil, quote: Int? = nil) {
        self.text = text
        self.file = file
        self.quote = quote
    }
}

/// What `expect_reply` checks on the bot's next message: its text, its file's name and the
/// first line it quotes, each when given.
public struct ReplyExpectation: Hashable, Sendable, CustomStringConvertible {
    public var text: ReplyMatcher?
    public var fileName: String?
    /// The quoted message's first line; `""` accepts any quote.
    public var quote: String?
    /// Declared fields the reply must have these values of (`MessageField.scenarioKey`).
    public var fields = MessageFieldValues()

    public init(text: ReplyMatcher? = nil, fileName: String? = nil, quote: String? = nil) {
        self.text = text
        self.fileName = fileName
        self.quote = quote
    }

    /// `reply "Hi"`, `reply with file "menu.png"`, `reply "Yes" quoting "Dinner?"`.
    public var description: String {
        var parts = [text?.description ?? "reply"]
        if let fileName { parts.append("with file \(ScenarioText.quoted(fileName))") }
        if let quote { parts.append(quote.isEmpty ? "quoting a message" : "quoting \(ScenarioText.quoted(quote))") }
        for field in MessageField.all {
            if let key = field.scenarioKey, let value = Self.describe(fields[field]) { parts.append("with \(key) = \(value)") }
        }
        return parts.joined(separator: " ")
    }

    /// A declared field's value as an expectation or a failure shows it; nil for null.
    public static func describe(_ value: FieldValue) -> String? {
        switch value {
        case .null: nil
        case .boolean(let flag): String(flag)
        case .integer(let number): String(number)
        case .text(let text): ScenarioText.quoted(text)
        case .json(let json): json
        }
    }
}
