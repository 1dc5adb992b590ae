import BanterCore
import Foundation

/// One message of an imported transcript, before the store gives it an id.
public struct ImportedMessage: Hashable, Sendable {
    public var sender: Sender
    public var text: String
    public var sentAt: Timestamp
    public var status: DeliveryStatus
    /// Its id in the exporting database: what other messages' quotes refer to.
    public var exportedID: Int64?
    public var attachment: Attachment?
    /// The quote, its `messageID` the quoted message's id in the exporting database.
    public var quote: Quote?
    public var reactions: [Reaction]
    public var editedAt: Timestamp?
    public var deletedAt: Timestamp?
    /// The declared fields (`MessageField.all`); a message-id field holds an id of the
    /// exporting database, as quotes do.
    public var fields = MessageFieldValues()
    /// The attachment's bytes, filled only by `TranscriptReader.read(_:)` (the whole-file
    /// reader); the streaming reader hands them out as `.attachmentData` items instead.
    public var attachmentContents: Data?

    public init(
        sender: Sender, text: String, sentAt: Timestamp, status: DeliveryStatus, exportedID: Int64? = nil,
        attachment: Attachment? = nil, quote: Quote? = nil, reactions: [Reaction] = [],
        editedAt: Timestamp? = nil, deletedAt: Timestamp? = nil, attachmentContents: Data? = nil
    ) {
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
        self.status = status
        self.exportedID = exportedID
        self.attachment = attachment
        self.quote = quote
        self.reactions = reactions
        self.editedAt = editedAt
        self.deletedAt = deletedAt
        self.attachmentContents = attachmentContents
    }
}
