import BanterCore

/// A message to store: a `Message` before the database has given it an id.
public struct NewMessage: Hashable, Sendable {
    public var conversationID: Int64
    public var sender: Sender
    public var text: String
    public var sentAt: Timestamp
    public var status: DeliveryStatus

    public init(
        conversationID: Int64, sender: Sender, text: String, sentAt: Timestamp,
        status: DeliveryStatus = .sent
    ) {
        self.conversationID = conversationID
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
        self.status = status
    }
}
