/// A named conversation: its own transcript, grouping rules and (optionally) bot.
public struct Conversation: Hashable, Sendable, Identifiable, Codable {
    public var id: Int64
    /// Unique, user-chosen name ("alisha", "test-run-3"); how `--conversation` finds it.
    public var title: String
    /// The bot script that answers in this conversation, if any.
    public var botScriptPath: String?
    public var rules: GroupingRules
    public var createdAt: Timestamp
    /// Who the other side was last seen as (the bot's declared name, initial and colour), so
    /// that commands which do not run the bot (render, export) can still name it.
    public var participant: Participant?

    public init(
        id: Int64, title: String, botScriptPath: String? = nil,
        rules: GroupingRules = GroupingRules(), createdAt: Timestamp, participant: Participant? = nil
    ) {
        self.id = id
        self.title = title
        self.botScriptPath = botScriptPath
        self.rules = rules
        self.createdAt = createdAt
        self.participant = participant
    }
}
