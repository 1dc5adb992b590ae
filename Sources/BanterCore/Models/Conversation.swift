/// A named conversation: its own transcript, grouping rules and (optionally) bot.
package struct Conversation: Hashable, Sendable, Identifiable, Codable {
    package var id: Int64
    /// Unique, user-chosen name ("alisha", "test-run-3"); how `--conversation` finds it.
    package var title: String
    /// The bot script that answers in this conversation, if any.
    package var botScriptPath: String?
    package var rules: GroupingRules
    package var createdAt: Timestamp
    /// Who the other side was last seen as (the bot's declared name, initial and colour), so
    /// that commands which do not run the bot (render, export) can still name it.
    package var participant: Participant?

    package init(
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
