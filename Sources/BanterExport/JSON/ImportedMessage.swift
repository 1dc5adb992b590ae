import BanterCore
import Foundation

/// One message of an imported transcript, before the store gives it an id.
public struct ImportedMessage: Hashable, Sendable {
    package var sender: Sender
    package var text: String
    package var sentAt: Timestamp
    package var status: DeliveryStatus
    /// Its id in the exporting database: what other messages' quotes refer to.
    package var exportedID: Int64?
    package var attachment: Attachment?
    /// The quote, its `messageID` the quoted message's id in the exporting database.
    package var quote: Quote?
    package var reactions: [Reaction]
    package var editedAt: Timestamp?
    package var deletedAt: Timestamp?
    /// The declared fields (`MessageField.all`); a message-id field holds an id of the
    /// exporting database, as quotes do.
    package var fields = MessageFieldValues()
    /// The attachment's bytes, filled only by `TranscriptReader.read(_:)` (the whole-file
    /// reader); the streaming reader hands them out as `.attachmentData` items instead.
    package var attachmentContents: Data?

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
