import BanterCore

extension TranscriptDocument {
    /// One message, its text exactly as stored (JSON escapes what needs escaping).
    struct MessageEntry: Hashable, Sendable, Codable {
        /// The id in the exporting database; referenced by the layout and by quotes, and on
        /// import used to order messages sent at the same millisecond (version 1) and to
        /// find quoted messages. Optional on import.
        var id: Int64?
        /// "me", "them" or "system".
        var sender: String
        var text: String
        /// ISO 8601 in UTC with milliseconds: "2026-11-20T14:05:00.000Z". On import any
        /// offset ("+01:00") and zero to three fraction digits are accepted.
        var sentAt: String
        /// The same instant in milliseconds since 1970; optional on import, and when
        /// present it must agree with `sentAt`.
        var sentAtMilliseconds: Int64?
        /// "sending", "sent", "delivered" or "read"; optional on import ("sent").
        var status: String?
        /// The file sent with the message (its bytes follow in `attachment_data` lines).
        var attachment: AttachmentEntry?
        var quote: QuoteEntry?
        var reactions: [ReactionEntry]?
        var editedAt: String?
        var editedAtMilliseconds: Int64?
        var deletedAt: String?
        var deletedAtMilliseconds: Int64?

        /// The declared fields (`MessageField.all`) under their JSON keys; checked as read.
        var fields = MessageFieldValues()

        init(
            id: Int64?, sender: String, text: String, sentAt: String, sentAtMilliseconds: Int64?, status: String?
        ) {
            self.id = id
            self.sender = sender
            self.text = text
            self.sentAt = sentAt
            self.sentAtMilliseconds = sentAtMilliseconds
            self.status = status
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(Int64.self, forKey: .id)
            sender = try container.decode(String.self, forKey: .sender)
            text = try container.decode(String.self, forKey: .text)
            sentAt = try container.decode(String.self, forKey: .sentAt)
            sentAtMilliseconds = try container.decodeIfPresent(Int64.self, forKey: .sentAtMilliseconds)
            status = try container.decodeIfPresent(String.self, forKey: .status)
            attachment = try container.decodeIfPresent(AttachmentEntry.self, forKey: .attachment)
            quote = try container.decodeIfPresent(QuoteEntry.self, forKey: .quote)
            reactions = try container.decodeIfPresent([ReactionEntry].self, forKey: .reactions)
            editedAt = try container.decodeIfPresent(String.self, forKey: .editedAt)
            editedAtMilliseconds = try container.decodeIfPresent(Int64.self, forKey: .editedAtMilliseconds)
            deletedAt = try container.decodeIfPresent(String.self, forKey: .deletedAt)
            deletedAtMilliseconds = try container.decodeIfPresent(Int64.self, forKey: .deletedAtMilliseconds)
            fields = try MessageFieldValues(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(sender, forKey: .sender)
            try container.encode(text, forKey: .text)
            try container.encode(sentAt, forKey: .sentAt)
            try container.encodeIfPresent(sentAtMilliseconds, forKey: .sentAtMilliseconds)
            try container.encodeIfPresent(status, forKey: .status)
            try container.encodeIfPresent(attachment, forKey: .attachment)
            try container.encodeIfPresent(quote, forKey: .quote)
            try container.encodeIfPresent(reactions, forKey: .reactions)
            try container.encodeIfPresent(editedAt, forKey: .editedAt)
            try container.encodeIfPresent(editedAtMilliseconds, forKey: .editedAtMilliseconds)
            try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
            try container.encodeIfPresent(deletedAtMilliseconds, forKey: .deletedAtMilliseconds)
            try fields.encode(to: encoder)
        }

        enum CodingKeys: String, CodingKey {
            case id, sender, text, status, attachment, quote, reactions
            case sentAt = "sent_at"
            case sentAtMilliseconds = "sent_at_ms"
            case editedAt = "edited_at"
            case editedAtMilliseconds = "edited_at_ms"
            case deletedAt = "deleted_at"
            case deletedAtMilliseconds = "deleted_at_ms"
        }
    }

    /// A message's attachment, described.
    struct AttachmentEntry: Hashable, Sendable, Codable {
        var name: String
        var type: String
        var size: Int
        var width: Int?
        var height: Int?
    }

    /// What a reply quotes: the quoted message's id (in the same file), sender and first line.
    struct QuoteEntry: Hashable, Sendable, Codable {
        var id: Int64
        var sender: String
        var text: String
    }

    /// One reaction.
    struct ReactionEntry: Hashable, Sendable, Codable {
        var emoji: String
        var sender: String
        var at: String
        var atMilliseconds: Int64?

        enum CodingKeys: String, CodingKey {
            case emoji, sender, at
            case atMilliseconds = "at_ms"
        }
    }
}
