/// The same keys, order and optional-key rules as a synthesized conformance on the public
/// properties: the boxed extras are an implementation detail that never reaches the data.
/// Declared fields that are not null follow under their JSON keys (the participant is in
/// `sender`).
extension Message: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, conversationID, sender, text, sentAt, status
        case attachment, quote, reactions, editedAt, deletedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            conversationID: try container.decode(Int64.self, forKey: .conversationID),
            sender: try container.decode(Sender.self, forKey: .sender),
            text: try container.decode(String.self, forKey: .text),
            sentAt: try container.decode(Timestamp.self, forKey: .sentAt),
            status: try container.decode(DeliveryStatus.self, forKey: .status),
            attachment: try container.decodeIfPresent(Attachment.self, forKey: .attachment),
            quote: try container.decodeIfPresent(Quote.self, forKey: .quote),
            reactions: try container.decode([Reaction].self, forKey: .reactions),
            editedAt: try container.decodeIfPresent(Timestamp.self, forKey: .editedAt),
            deletedAt: try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt),
            fields: try MessageFieldValues(from: decoder, skipping: [.participant]))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(conversationID, forKey: .conversationID)
        try container.encode(sender, forKey: .sender)
        try container.encode(text, forKey: .text)
        try container.encode(sentAt, forKey: .sentAt)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(attachment, forKey: .attachment)
        try container.encodeIfPresent(quote, forKey: .quote)
        try container.encode(reactions, forKey: .reactions)
        try container.encodeIfPresent(editedAt, forKey: .editedAt)
        try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
        try fields.encode(to: encoder, skipping: [.participant])
    }
}
