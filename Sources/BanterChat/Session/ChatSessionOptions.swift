import BanterCore
import BanterLua
import BanterScript
import Foundation

/// How a `ChatSession` behaves: which side the person speaks for, limits for what users
/// and scripts send, paging, and the caps that keep a runaway bot from hanging a headless run.
package struct ChatSessionOptions: Sendable {
    /// The side the person at the prompt speaks for (`--as`): what they send is stored from
    /// it. Speaking as `.them` makes this process the other human of the conversation, so
    /// no bot runs in it.
    package var side: Side
    /// In a group, the person of the group this session speaks as (`banter chat --as Bob`,
    /// with `side` `.them`, so no bot runs here): what they send is stored as that person's,
    /// and the group's bots, running in the process that speaks as the user, hear it.
    package var participantName: String?
    /// The limits every bot script runs under.
    package var scriptLimits: ScriptLimits
    /// The zone seed times ("-1d 10:00") are read in.
    package var timeZone: TimeZone
    /// Makes a bot's `math.random` reproducible.
    package var randomSeed: UInt64
    /// The longest message a user may send, in UTF-8 bytes.
    var maximumMessageBytes: Int
    /// Messages loaded per page (the first screen and every page up).
    package var pageSize: Int
    /// The most bot wake-ups one `settle()` or `advance(to:)` runs before it gives up.
    var maximumSteps: Int
    /// How far ahead `settle()` follows a bot's scheduled work before it leaves it pending.
    package var settleHorizon: Duration
    /// The grouping rules and header pattern a conversation this session creates starts
    /// with (the configuration file's `[grouping]`); existing conversations keep their own.
    package var newConversationRules = GroupingRules()
    /// Whether bots record which of their lines run (`banter test --coverage`).
    package var recordsCoverage = false
    /// The memory (JSON text per key) a bot starts with in a conversation this session
    /// creates: a saved scenario's `memory`, so it replays the session it was saved from.
    package var initialBotMemory: [String: String] = [:]
    /// Where the session's bots are reused from and kept for the next session, when many
    /// sessions in a row run the same bots (a crawl's paths, a worker's scenarios): see
    /// `LoadedBotPool`. Nil loads every bot afresh.
    package var loadedBots: LoadedBotPool?
    /// Where bots' `chat:complete` calls go (BanterModels: the configured endpoints, or a
    /// scenario's cassette); nil answers each with "no language models here".
    package var models: (any ModelService)?

    /// In a group, how many bot messages may follow each other without a person writing
    /// before the bots stop hearing each other (a bot-to-bot loop ends there).
    package var turnBudget = 8

    static let defaultMaximumMessageBytes = 64 * 1024

    /// Every option has the default an interactive `banter chat` uses, so callers name only
    /// what they change.
    package init(
        side: Side = .me,
        scriptLimits: ScriptLimits = .default,
        timeZone: TimeZone = .current,
        randomSeed: UInt64 = 0,
        maximumMessageBytes: Int = ChatSessionOptions.defaultMaximumMessageBytes,
        pageSize: Int = 50,
        maximumSteps: Int = 1000,
        settleHorizon: Duration = .seconds(7 * 86_400)
    ) {
        self.side = side
        self.scriptLimits = scriptLimits
        self.timeZone = timeZone
        self.randomSeed = randomSeed
        self.maximumMessageBytes = maximumMessageBytes
        self.pageSize = max(pageSize, 1)
        self.maximumSteps = max(maximumSteps, 1)
        self.settleHorizon = settleHorizon
    }
}
