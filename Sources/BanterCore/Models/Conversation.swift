/// A named conversation: its own transcript, grouping rules and (optionally) bot.
public struct Conversation: Hashable, Sendable, Identifiable, Codable {
    public var id: Int64
    /// Unique, user-chosen name ("alisha", "test-run-3"); how `--conversation` finds it.
    public var title: String
    /// The bot script that answers in this conversation, if any.
    public var botScriptPath: String?
    public var rules: GroupingRules
    public var createdAt: Timestamp

    public init(
        id: Int64, title: String, botScriptPath: String? = nil,
        rules: GroupingRules = GroupingRules(), createdAt: Timestamp
    ) {
        self.id = id
        self.title = title
        self.botScriptPath = botScriptPath
        self.rules = rules
        self.createdAt = createdAt
    }
}
