import BanterCore
import BanterScript
import Foundation

/// What `scenario { … }` declares: who the other side is and when and where the
/// conversation happens. Plain values, read once the script has loaded.
package struct ScenarioSettings: Hashable, Sendable {
    /// The bot script, resolved against the scenario's folder; nil for a scenario without
    /// a bot (only `me` and `them`).
    package var botPath: String?
    /// When the virtual clock starts.
    package var start: Timestamp
    /// Where headers and local times are computed.
    package var timeZone: TimeZone
    /// Rules set on top of the bot's (only those given).
    package var grouping: GroupingChange?
    /// Makes the bot's `math.random` reproducible.
    package var randomSeed: UInt64
    /// The conversation's title (the scenario's file name unless `title` is given).
    package var title: String
    /// The width its golden transcript (`NAME.transcript`) is rendered at; nil is 80.
    package var width: Int?
    /// The bot's memory when the conversation opens, JSON text per key (`memory = { … }`).
    package var memory: [String: String] = [:]
    /// In a group, who answers a message (`turns = "mention"`); nil keeps the default, all.
    package var turnPolicy: TurnPolicy?
    /// In a group, the bot messages in a row before bots stop hearing each other
    /// (`turn_budget = 8`); nil keeps the default.
    package var turnBudget: Int?

    /// 2026-01-05 09:00 in the scenario's zone: a fixed start keeps transcripts reproducible.
    static let defaultStart = "2026-01-05 09:00"
    static let defaultTimeZone = "UTC"

    package init(
        botPath: String? = nil, start: Timestamp, timeZone: TimeZone, grouping: GroupingChange? = nil,
        randomSeed: UInt64 = 0, title: String, width: Int? = nil
    ) {
        self.botPath = botPath
        self.start = start
        self.timeZone = timeZone
        self.grouping = grouping
        self.randomSeed = randomSeed
        self.title = title
        self.width = width
    }

    /// The columns a transcript may be rendered at (`width`).
    package static let widths = 20...500
}
