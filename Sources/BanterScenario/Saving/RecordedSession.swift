import BanterCore
import BanterScript
import Foundation

/// What happened in a chat, as plain values, for `/save` to write as a scenario: where and
/// when it started, the bot's seed and memory then, and each step at its real time.
public struct RecordedSession: Hashable, Sendable {
    /// One thing that happened, at its time on the conversation's clock.
    public struct Step: Hashable, Sendable {
        /// What the step was, with just what `/save` needs to write it into the scenario.
        public enum Kind: Hashable, Sendable {
            /// The user sent this (`me`): text, or a file and its caption, maybe quoting.
            case me(SentMessage)
            /// The other side's message added by hand (`/as them`), not by the bot.
            case them(String)
            /// A person of a group wrote this (`as "name" "text"`).
            case person(String, text: String)
            /// The bot replied this.
            case reply(Reply)
            /// The user reacted with (or took back) an emoji on the other side's `target`-th
            /// newest message (`react`).
            case react(String, target: Int)
            /// The user changed the text of their `target`-th newest message (`edit`).
            case edit(String, target: Int)
            /// The user deleted their `target`-th newest message (`delete`).
            case delete(target: Int)
            /// The bot reacted with this emoji to the user's `target`-th newest message.
            case botReacted(String, target: Int)
            /// The bot changed the text of one of its messages to this.
            case botEdited(String)
            /// The bot deleted one of its messages, which read this.
            case botDeleted(String)
            /// Something the user did that a scenario cannot replay: written as a comment.
            case note(String)
            /// The message of the next step opens a section under this header.
            case section(header: String)
            /// The bot moved the user's messages to this status.
            case status(DeliveryStatus)
            /// The bot started showing the typing indicator.
            case typing
            /// The grouping rules changed (`/grouping`).
            case grouping(GroupingRules)
        }

        public var time: Timestamp
        public var kind: Kind

        /// Whether the person at the prompt did this (a scenario step), rather than the bot.
        var isUserAction: Bool {
            switch kind {
            case .me, .them, .person, .react, .edit, .delete: true
            default: false
            }
        }

        public init(time: Timestamp, kind: Kind) {
            self.time = time
            self.kind = kind
        }
    }

    /// The bot script (absolute), if the conversation has one.
    public var botPath: String?
    /// When the session started.
    public var start: Timestamp
    public var timeZone: TimeZone
    /// What the bot's `math.random` was seeded with.
    public var seed: UInt64
    /// The bot's memory at the start, JSON text per key.
    public var memory: [String: String]
    /// The grouping rules at the start, when they differ from what the bot declares.
    public var grouping: GroupingRules?
    /// The grouping rules in force at the start (for deciding where exact gaps matter).
    public var rules: GroupingRules
    /// The people of a group besides you, in the order they joined (`participants { … }`);
    /// empty for a two-party chat.
    package var people: [String] = []
    public var steps: [Step]

    public init(
        botPath: String?, start: Timestamp, timeZone: TimeZone, seed: UInt64, memory: [String: String] = [:],
        grouping: GroupingRules? = nil, rules: GroupingRules = GroupingRules(), steps: [Step] = []
    ) {
        self.botPath = botPath
        self.start = start
        self.timeZone = timeZone
        self.seed = seed
        self.memory = memory
        self.grouping = grouping
        self.rules = rules
        self.steps = steps
    }
}

extension RecordedSession {
    /// A file the user sent, and where the saved scenario finds it.
    public struct File: Hashable, Sendable {
        /// The file's name as stored ("photo.png").
        public var name: String
        /// The stored message that carries the bytes.
        public var messageID: Int64
        /// Where the file was read from (`/attach PATH`), if known.
        public var sourcePath: String?
        /// The path the scenario's `me { file = }` names, relative to the scenario's folder;
        /// set by whoever writes the file (`SavedFiles`), else the bare name.
        public var scenarioPath: String?

        public init(name: String, messageID: Int64, sourcePath: String? = nil, scenarioPath: String? = nil) {
            self.name = name
            self.messageID = messageID
            self.sourcePath = sourcePath
            self.scenarioPath = scenarioPath
        }
    }

    /// What the user sent: text, or a file with `text` as its caption, maybe quoting the other
    /// side's `quote`-th newest message.
    public struct SentMessage: Hashable, Sendable, ExpressibleByStringLiteral {
        public var text: String
        public var file: File?
        public var quote: Int?
        /// The message was a pick of a button (written as `tap`, not `me`).
        public var tap: Tap?

        /// A picked button: its label and payload, and the other side's `target`-th newest
        /// message with buttons it was on (nil: the newest).
        public struct Tap: Hashable, Sendable {
            public var label: String
            public var payload: String
            public var target: Int?
        }

        public init(text: String, file: File? = nil, quote: Int? = nil) {
            self.text = text
            self.file = file
            self.quote = quote
        }

        public init(stringLiteral text: String) { self.init(text: text) }
    }

    /// A bot's reply as `expect_reply` checks it: its text, its file's name, the first line it
    /// quotes.
    public struct Reply: Hashable, Sendable, ExpressibleByStringLiteral {
        public var text: String
        public var fileName: String?
        public var quote: String?

        public init(text: String, fileName: String? = nil, quote: String? = nil) {
            self.text = text
            self.fileName = fileName
            self.quote = quote
        }

        public init(stringLiteral text: String) { self.init(text: text) }
    }
}
