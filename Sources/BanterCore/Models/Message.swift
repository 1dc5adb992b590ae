/// One chat message. A value: the store hands out copies, the session publishes them.
public struct Message: Hashable, Sendable, Identifiable, Codable {
    /// The store's row id; unique across conversations and increasing with insertion.
    public var id: Int64
    public var conversationID: Int64
    public var sender: Sender
    public var text: String
    public var sentAt: Timestamp
    public var status: DeliveryStatus

    public init(
        id: Int64, conversationID: Int64, sender: Sender, text: String,
        sentAt: Timestamp, status: DeliveryStatus = .sent
    ) {
        self.id = id
        self.conversationID = conversationID
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
        self.status = status
    }

    /// The order messages are laid out in: by time, ties broken by id (insertion order).
    public static func chronological(_ lhs: Message, _ rhs: Message) -> Bool {
        if lhs.sentAt != rhs.sentAt { return lhs.sentAt < rhs.sentAt }
        return lhs.id < rhs.id
    }
}
