import BanterCore
import Foundation
import GRDB

/// Attachments: the metadata travels in the message, the bytes stay in `attachment_chunks`
/// and are read by message id when someone asks for them.
extension ChatStore {
    /// The largest file a message may carry (`Attachment.maximumByteCount`, 25 MiB). Larger
    /// files are refused with `StoreError.attachmentTooLarge` and nothing is stored.
    package static let maximumAttachmentBytes = Attachment.maximumByteCount

    /// Attachments are stored and read back in pieces of this size, so an export streams a
    /// file of any allowed size in constant memory.
    static let attachmentChunkSize = 256 * 1024

    /// Stores a message with an attachment and the attachment's bytes, in one transaction,
    /// and returns the message with its id. `new.attachment` describes the file; its byte
    /// count is taken from `contents`.
    @discardableResult
    package func append(_ new: NewMessage, attachmentContents contents: Data) throws(StoreError) -> Message {
        guard var attachment = new.attachment else {
            preconditionFailure("append(_:attachmentContents:) needs an attachment")
        }
        guard contents.count <= Self.maximumAttachmentBytes else {
            throw .attachmentTooLarge(
                fileName: attachment.fileName, byteCount: contents.count, limit: Self.maximumAttachmentBytes)
        }
        attachment.byteCount = contents.count
        var described = new
        described.attachment = attachment
        return try write("save the attachment") { db in
            var tip = try BranchTip.current(db, hotStatements, conversationID: new.conversationID)
            let message = try tip.append(db, hotStatements, described)
            var index = 0
            var offset = contents.startIndex
            while offset < contents.endIndex {
                let end =
                    contents.index(offset, offsetBy: Self.attachmentChunkSize, limitedBy: contents.endIndex)
                    ?? contents.endIndex
                try Self.insertAttachmentChunk(db, messageID: message.id, index: index, bytes: contents[offset..<end])
                index += 1
                offset = end
            }
            return message
        }
    }

    /// The bytes of a message's attachment; nil when the message has none (or was deleted).
    package func attachmentContents(messageID: Int64) throws(StoreError) -> Data? {
        var contents: Data?
        try readAttachment(messageID: messageID) { chunk in contents = (contents ?? Data()) + chunk }
        guard let contents else {
            return try message(id: messageID)?.attachment.map { _ in Data() }
        }
        return contents
    }

    /// Hands the bytes of a message's attachment to `body` one chunk at a time, in order,
    /// inside one read transaction (a consistent file even while another process writes).
    package func readAttachment(messageID: Int64, _ body: (Data) throws -> Void) throws(StoreError) {
        try read("read the attachment of message \(messageID)") { db in
            let chunks = try Data.fetchCursor(
                db.cachedStatement(sql: "SELECT bytes FROM attachment_chunks WHERE message_id = ? ORDER BY chunk"),
                arguments: [messageID])
            while let chunk = try chunks.next() { try body(chunk) }
        }
    }

    static func insertAttachmentChunk(_ db: Database, messageID: Int64, index: Int, bytes: Data) throws {
        try db.cachedStatement(sql: "INSERT INTO attachment_chunks (message_id, chunk, bytes) VALUES (?, ?, ?)")
            .execute(arguments: [messageID, index, bytes])
    }
}
