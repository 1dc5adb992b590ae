import BanterCore
import BanterScript
import Foundation

/// What happened in a chat, as plain values, for `/save` to write as a scenario: where and
/// when it started, the bot's seed and memory then, and each step at its real time.
package struct RecordedSession: Hashable, Sendable {
    /// One thing that happened, at its time on the conversation's clock.
    package struct Step: Hashable, Sendable {
        /// What the step was, with just what `/save` needs to write it into the scenario.
        package enum Kind: Hashable, Sendable {
            /// The user sent this (`me`): text, or a file and its caption, maybe quoting.
            case me(SentMessage)
            /// The other side's message added by hand (`/as them`), not by the bot.
            case them(String)
            /// A person of the group the user speaks for wrote this (`/as Bob …`: `as`).
            case spokeAs(name: String, text: String)
            /// These joined the group (`/invite`: a `participants { … }` step).
            case joined([Member])
            /// The user gave this bot of the group the turn (`/next NAME`: `give_turn`).
            case turnGiven(String)
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
            /// The chat forked at the user's message of the step before (`/fork`: `fork()`), as
            /// the `attempt`-th branch forked there (`fork(2)` from the second on).
            case fork(attempt: Int)
            /// The user asked the bot again about their message of the step before (`/retry`:
            /// `retry()`, `retry(2)` from the second answer asked for on).
            case retry(attempt: Int)
        }

        package var time: Timestamp
        package var kind: Kind

        /// Whether the person at the prompt did this (a scenario step), rather than the bot.
        var isUserAction: Bool {
            switch kind {
            case .me, .them, .spokeAs, .joined, .turnGiven, .react, .edit, .delete: true
            default: false
            }
        }

        package init(time: Timestamp, kind: Kind) {
            self.time = time
            self.kind = kind
        }
    }

    /// The bot script (absolute), if the conversation has one.
    package var botPath: String?
    /// When the session started.
    package var start: Timestamp
    package var timeZone: TimeZone
    /// What the bot's `math.random` was seeded with.
    package var seed: UInt64
    /// The bot's memory at the start, JSON text per key.
    package var memory: [String: String]
    /// The grouping rules at the start, when they differ from what the bot declares.
    package var grouping: GroupingRules?
    /// The grouping rules in force at the start (for deciding where exact gaps matter).
    package var rules: GroupingRules
    /// A group's participants at the start, in the order they joined; nil for two parties.
    package var group: Group?
    /// The people of a group besides you, for a scenario without a bot written from a stored
    /// conversation (`participants { … }`, see `init(stretch:…)`); empty otherwise.
    package var people: [String] = []
    package var steps: [Step]

    package init(
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
    /// A group as a scenario opens it: its members (`participants { … }`), who answers a
    /// message (`turns`) and the turn budget (`turn_budget`).
    package struct Group: Hashable, Sendable {
        package var members: [Member]
        package var turns: TurnPolicy
        package var turnBudget: Int

        package init(members: [Member], turns: TurnPolicy = .all, turnBudget: Int = 8) {
            self.members = members
            self.turns = turns
            self.turnBudget = turnBudget
        }
    }

    /// One participant of a group as `participants { … }` writes it.
    package enum Member: Hashable, Sendable {
        /// A bot: its script (absolute) and the name it speaks under when that is not the
        /// one its script declares.
        case bot(path: String, name: String?)
        /// A person the user speaks for.
        case person(String)
    }

    /// A file the user sent, and where the saved scenario finds it.
    package struct File: Hashable, Sendable {
        /// The file's name as stored ("photo.png").
        package var name: String
        /// The stored message that carries the bytes.
        package var messageID: Int64
        /// Where the file was read from (`/attach PATH`), if known.
        package var sourcePath: String?
        /// The path the scenario's `me { file = }` names, relative to the scenario's folder;
        /// set by whoever writes the file (`SavedFiles`), else the bare name.
        package var scenarioPath: String?

        package init(name: String, messageID: Int64, sourcePath: String? = nil, scenarioPath: String? = nil) {
            self.name = name
            self.messageID = messageID
            self.sourcePath = sourcePath
            self.scenarioPath = scenarioPath
        }
    }

    /// What the user sent: text, or a file with `text` as its caption, maybe quoting the other
    /// side's `quote`-th newest message.
    package struct SentMessage: Hashable, Sendable, ExpressibleByStringLiteral {
        package var text: String
        package var file: File?
        package var quote: Int?
        /// The message was a pick of a button (written as `tap`, not `me`).
        package var tap: Tap?

        /// A picked button: its label and payload, and the other side's `target`-th newest
        /// message with buttons it was on (nil: the newest).
        package struct Tap: Hashable, Sendable {
            package var label: String
            package var payload: String
            package var target: Int?
        }

        package init(text: String, file: File? = nil, quote: Int? = nil) {
            self.text = text
            self.file = file
            self.quote = quote
        }

        package init(stringLiteral text: String) { self.init(text: text) }
    }

    /// A bot's reply as `expect_reply` checks it: its text, its file's name, the first line it
    /// quotes, the buttons, quick replies and card it offers and, in a group, who wrote it.
    package struct Reply: Hashable, Sendable, ExpressibleByStringLiteral {
        package var text: String
        package var fileName: String?
        package var quote: String?
        package var actions: MessageActions?
        /// In a group, the bot that wrote it (`from`).
        package var from: String?

        package init(
            text: String, fileName: String? = nil, quote: String? = nil, actions: MessageActions? = nil,
            from: String? = nil
        ) {
            self.text = text
            self.fileName = fileName
            self.quote = quote
            self.actions = actions
            self.from = from
        }

        package init(stringLiteral text: String) { self.init(text: text) }
    }
}
