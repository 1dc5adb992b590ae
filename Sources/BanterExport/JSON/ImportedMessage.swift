import BanterCore

/// One message of an imported transcript, before the store gives it an id.
public struct ImportedMessage: Hashable, Sendable {
    public var sender: Sender
    public var text: String
    public var sentAt: Timestamp
    public var status: DeliveryStatus

    public init(sender: Sender, text: String, sentAt: Timestamp, status: DeliveryStatus) {
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
        self.status = status
    }
}
