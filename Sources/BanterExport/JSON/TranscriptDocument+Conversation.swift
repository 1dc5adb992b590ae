extension TranscriptDocument {
    /// The conversation's settings: what a new conversation needs to behave the same.
    struct ConversationInfo: Hashable, Sendable, Codable {
        var title: String
        /// The bot script's path as stored; absent for a conversation without a bot.
        var botScript: String?
        var rules: RulesInfo

        init(title: String, botScript: String?, rules: RulesInfo) {
            self.title = title
            self.botScript = botScript
            self.rules = rules
        }

        enum CodingKeys: String, CodingKey {
            case title, rules
            case botScript = "bot_script"
        }
    }
}
