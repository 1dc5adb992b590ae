import BanterCore
import GRDB

/// Changing a message after it was sent: editing its text, deleting it.
extension ChatStore {
    /// Replaces a message's text (an attachment's caption) and marks it edited at `time`.
    /// A deleted message cannot be edited (`StoreError.messageDeleted`).
    @discardableResult
    package func edit(messageID: Int64, text: String, at time: Timestamp) throws(StoreError) -> Message {
        try write("save the edit") { db in
            guard let message = try Self.message(db, id: messageID) else {
                throw StoreError.messageNotFound(id: messageID)
            }
            guard !message.isDeleted else { throw StoreError.messageDeleted(id: messageID) }
            try db.cachedStatement(sql: "UPDATE messages SET text = ?, edited_at = ? WHERE id = ?")
                .execute(arguments: [Self.storable(text), time.millisecondsSince1970, messageID])
            guard let updated = try Self.message(db, id: messageID) else {
                throw StoreError.messageNotFound(id: messageID)
            }
            return updated
        }
    }

    /// Deletes a message's content and marks it deleted at `time`. The row keeps its place,
    /// time, sender and status, so the transcript groups exactly as before; its text, quote,
    /// attachment (metadata and bytes) and reactions are removed from the table and the
    /// search index. Deleting a deleted message changes nothing.
    @discardableResult
    package func delete(messageID: Int64, at time: Timestamp) throws(StoreError) -> Message {
        try write("delete the message") { db in
            guard let message = try Self.message(db, id: messageID) else {
                throw StoreError.messageNotFound(id: messageID)
            }
            guard !message.isDeleted else { return message }
            try db.execute(
                sql: """
                    UPDATE messages SET
                        text = '', deleted_at = ?, edited_at = NULL,
                        quoted_message_id = NULL, quoted_sender = NULL, quoted_excerpt = NULL,
                        attachment_name = NULL, attachment_type = NULL, attachment_size = NULL,
                        attachment_width = NULL, attachment_height = NULL\(Self.contentFieldsCleared)
                    WHERE id = ?;
                    DELETE FROM attachment_chunks WHERE message_id = ?;
                    DELETE FROM reactions WHERE message_id = ?;
                    """,
                arguments: [time.millisecondsSince1970, messageID, messageID, messageID])
            guard let updated = try Self.message(db, id: messageID) else {
                throw StoreError.messageNotFound(id: messageID)
            }
            return updated
        }
    }

    /// `, column = NULL` for each declared field that deleting a message clears.
    private static let contentFieldsCleared = MessageField.all.filter(\.isContent).map { ", \($0.column) = NULL" }
        .joined()

    /// Takes messages back as if they had never been sent: the rows go, with their
    /// reactions, files and search entries (what the step debugger's `restart` undoes of a
    /// handler's run). Ids that are not there are ignored.
    package func removeMessages(ids: [Int64]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write("take the messages back") { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            try db.execute(sql: "DELETE FROM messages WHERE id IN (\(marks))", arguments: StatementArguments(ids))
        }
    }
}
