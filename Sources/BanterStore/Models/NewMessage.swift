import BanterCore

/// A message to store: a `Message` before the database has given it an id.
///
/// A message with an attachment is stored with its bytes, through
/// `ChatStore.append(_:attachmentContents:)`.
package struct NewMessage: Hashable, Sendable {
    package var conversationID: Int64
    package var sender: Sender
    package var text: String
    package var sentAt: Timestamp
    package var status: DeliveryStatus
    package var attachment: Attachment?
    package var quote: Quote?
    /// Set only when importing a message that was edited.
    package var editedAt: Timestamp?
    /// Set only when importing a message that was deleted.
    package var deletedAt: Timestamp?
    /// The declared fields (`MessageField.all`); the participant's name is the sender's.
    package var fields: MessageFieldValues {
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

    package init(
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

    /// Whether every column but those `MessageSQL.plainInsert` writes would be NULL: no
    /// edit, deletion, quote, attachment or declared field. Asked of the message's own
    /// properties, since building `fields` copies a table.
    var isPlain: Bool {
        attachment == nil && quote == nil && editedAt == nil && deletedAt == nil && declared.isEmpty
            && sender.participant == nil
    }
}
