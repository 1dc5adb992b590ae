/// One message of a Slack workspace export's day file (`general/2024-01-01.json`, a JSON
/// array), as far as Banter reads it.
public struct SlackMessage: Decodable {
    var type: String?
    /// "channel_join", "channel_topic", "bot_message"…; nil for a person's message.
    var subtype: String?
    var user: String?
    var username: String?
    var text: String?
    /// Seconds since 1970 with microseconds ("1704099600.000200"): the message's time and id.
    var ts: String
    /// The thread's first message, when this one is in a thread.
    var threadTS: String?
    var edited: Edited?
    var reactions: [Reaction]?
    var files: [File]?
    var userProfile: Profile?

    struct Edited: Decodable { var ts: String? }

    public struct Reaction: Decodable {
        /// The emoji's short name ("thumbsup", "+1", "tada"), or a workspace's custom one.
        var name: String
        var users: [String]?
        var count: Int?
    }

    struct File: Decodable {
        var name: String?
        var title: String?
    }

    struct Profile: Decodable {
        var realName: String?
        var displayName: String?

        enum CodingKeys: String, CodingKey {
            case realName = "real_name"
            case displayName = "display_name"
        }
    }

    enum CodingKeys: String, CodingKey {
        case type, subtype, user, username, text, ts, edited, reactions, files
        case threadTS = "thread_ts"
        case userProfile = "user_profile"
    }
}

/// A workspace member in `users.json`: how Slack shows them.
struct SlackUser: Decodable {
    var id: String
    var name: String?
    var realName: String?
    var profile: SlackMessage.Profile?

    /// The display name, else the real name, else the user name, else the id.
    var displayName: String {
        for name in [profile?.displayName, profile?.realName, realName, name] {
            if let name, !name.isEmpty { return name }
        }
        return id
    }

    enum CodingKeys: String, CodingKey {
        case id, name, profile
        case realName = "real_name"
    }
}
