import BanterCore
import Foundation

/// What happened in a chat, as plain values, for `/save` to write as a scenario: where and
/// when it started, the bot's seed and memory then, and each step at its real time.
public struct RecordedSession: Hashable, Sendable {
    /// One thing that happened, at its time on the conversation's clock.
    public struct Step: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// The user sent this (`me`).
            case me(String)
            /// The other side's message added by hand (`/as them`), not by the bot.
            case them(String)
            /// The bot replied this.
            case reply(String)
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
