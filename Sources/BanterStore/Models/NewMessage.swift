import BanterCore

/// A message to store: a `Message` before the database has given it an id.
///
/// A message with an attachment is stored with its bytes, through
/// `ChatStore.append(_:attachmentContents:)`.
public struct NewMessage: Hashable, Sendable {
    public var conversationID: Int64
    public var sender: Sender
    public var text: String
    public var sentAt: Timestamp
    public var status: DeliveryStatus
    public var attachment: Attachment?
    public var quote: Quote?
    /// Set only when importing a message that was edited.
    public var editedAt: Timestamp?
    /// Set only when importing a message that was deleted.
    public var deletedAt: Timestamp?
    /// The declared fields (`MessageField.all`); the participant's name is the sender's.
    public var fields: MessageFieldValues {
        get {
            var fields = declared
            fields[.participant] = sender.participant.map(FieldValue.text) ?? .null
            return fields
        }
        set {
            declared = newValue
            sender.participant = newValue[.participant].text
        }
    }
    private var declared: MessageFieldValues
    /// The lane it is written on (`messages.branch_id`): set by the store from the
    /// conversation's current branch, nil for the first branch.
    var lane: Int64?

    public init(
        conversationID: Int64, sender: Sender, text: String, sentAt: Timestamp,
        status: DeliveryStatus = .sent, attachment: Attachment? = nil, quote: Quote? = nil,
        editedAt: Timestamp? = nil, deletedAt: Timestamp? = nil, fields: MessageFieldValues = MessageFieldValues()
    ) {
        self.conversationID = conversationID
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
        self.status = status
        self.attachment = attachment
        self.quote = quote
        self.editedAt = editedAt
        self.deletedAt = deletedAt
        self.declared = fields
        if let participant = fields[.participant].text { self.sender.participant = participant }
    }
}
