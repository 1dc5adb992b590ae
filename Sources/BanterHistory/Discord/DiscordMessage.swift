/// One element of `messages` in a DiscordChatExporter JSON export, as far as Banter reads
/// it. Ids are snowflakes written as strings; times are ISO 8601 with their offset.
public struct DiscordMessage: Decodable {
    var id: String
    /// "Default" and "Reply" are people's messages; the rest ("RecipientAdd",
    /// "ChannelPinnedMessage", "GuildMemberJoin", "Call", "ThreadCreated"…) are system lines.
    var type: String
    var timestamp: String
    var timestampEdited: String?
    var content: String?
    var author: Author
    var attachments: [Attachment]?
    var reactions: [Reaction]?
    var reference: Reference?

    struct Author: Decodable {
        var id: String?
        var name: String
        var nickname: String?

        /// How Discord shows the person: their nickname, else their user name.
        var displayName: String { nickname.flatMap { $0.isEmpty ? nil : $0 } ?? name }
    }

    public struct Attachment: Decodable {
        /// The file's path relative to the JSON when exported with its media, else its web address.
        var url: String
        var fileName: String?
    }

    public struct Reaction: Decodable {
        var emoji: Emoji
        var count: Int?
        var users: [Author]?

        struct Emoji: Decodable {
            /// The emoji itself for a standard one; a custom emoji's name.
            var name: String
            /// Set (non-empty) for a server's custom emoji.
            var id: String?
        }
    }

    struct Reference: Decodable {
        var messageId: String?
    }
}
