/// One element of `messages` in Telegram Desktop's `result.json` ("Export chat history",
/// machine-readable JSON), as far as Banter reads it. Times come twice: `date` in the
/// exporting computer's local time and `date_unixtime`, the instant, which Banter uses.
public struct TelegramMessage: Decodable {
    var id: Int64
    /// "message" or "service" (someone joined, the title changed, a call…).
    var type: String
    var date: String?
    var dateUnixtime: String?
    var editedUnixtime: String?
    /// The sender's name; null for a deleted account.
    var from: String?
    var fromID: String?
    /// A service message's doer and what they did ("invite_members", "edit_group_title").
    var actor: String?
    var action: String?
    var title: String?
    var members: [String?]?
    var text: TelegramText?
    var replyToMessageID: Int64?
    /// A picture's or a file's path relative to `result.json`, or Telegram's note that the
    /// export left it out ("(File not included. Change data exporting settings to download.)").
    var photo: String?
    var file: String?
    var mediaType: String?
    var reactions: [Reaction]?

    public struct Reaction: Decodable {
        /// "emoji", or "custom_emoji" / "paid", which are not one emoji.
        var type: String
        var count: Int?
        var emoji: String?
        var recent: [Recent]?

        struct Recent: Decodable {
            var from: String?
            var date: String?
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, type, date, from, actor, action, title, members, text, photo, file, reactions
        case dateUnixtime = "date_unixtime"
        case editedUnixtime = "edited_unixtime"
        case fromID = "from_id"
        case replyToMessageID = "reply_to_message_id"
        case mediaType = "media_type"
    }
}

/// The two shapes Telegram writes a text in: a plain string, or an array of plain strings
/// and entities (`{"type": "bold", "text": "…"}`, links with `href`).
enum TelegramText: Decodable {
    case plain(String)
    case parts([Part])

    struct Part: Decodable {
        var type: String
        var text: String
        var href: String?

        init(from decoder: any Decoder) throws {
            if let plain = try? decoder.singleValueContainer().decode(String.self) {
                self.init(type: "plain", text: plain, href: nil)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                type: try container.decode(String.self, forKey: .type),
                text: try container.decode(String.self, forKey: .text),
                href: try container.decodeIfPresent(String.self, forKey: .href))
        }

        init(type: String, text: String, href: String?) {
            self.type = type
            self.text = text
            self.href = href
        }

        enum CodingKeys: String, CodingKey { case type, text, href }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let plain = try? container.decode(String.self) {
            self = .plain(plain)
        } else {
            self = .parts(try container.decode([Part].self))
        }
    }

    /// The text with its entities in Banter's inline markup: bold `*…*`, italic `_…_`,
    /// code `` `…` ``, a link with its address after its words when they differ.
    var markup: String {
        switch self {
        case .plain(let text): return text
        case .parts(let parts):
            return parts.map { part in
                switch part.type {
                case "bold": return "*\(part.text)*"
                case "italic": return "_\(part.text)_"
                case "code", "pre": return "`\(part.text)`"
                case "text_link":
                    guard let href = part.href, href != part.text else { return part.text }
                    return "\(part.text) (\(href))"
                default: return part.text
                }
            }.joined()
        }
    }
}
