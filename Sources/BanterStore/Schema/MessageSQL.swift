import GRDB

/// The SQL of the hot message queries, in one place so that tests can check their query
/// plans use the `messages_by_conversation_time` index.
///
/// Paging is keyset paging on `(sent_at, id)`: each page starts right after (or before) the
/// last message seen, so a page costs the same at any depth and equal timestamps never make
/// a message appear twice or not at all.
enum MessageSQL {
    static let insert = """
        INSERT INTO messages (
            conversation_id, sender, text, sent_at, status, edited_at, deleted_at,
            quoted_message_id, quoted_sender, quoted_excerpt,
            attachment_name, attachment_type, attachment_size, attachment_width, attachment_height
        ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The arguments of `insert` for `new`, whose text is already `storable`.
    static func insertArguments(_ new: NewMessage, text: String) -> StatementArguments {
        let attachment = new.attachment
        let quote = new.quote
        return [
            new.conversationID, new.sender.rawValue, text, new.sentAt.millisecondsSince1970, new.status.rawValue,
            new.editedAt?.millisecondsSince1970, new.deletedAt?.millisecondsSince1970,
            quote?.messageID, quote?.sender.rawValue, quote.map { ChatStore.storable($0.excerpt) },
            attachment.map { ChatStore.storable($0.fileName) }, attachment.map { ChatStore.storable($0.mediaType) },
            attachment?.byteCount, attachment?.pixelSize?.width, attachment?.pixelSize?.height,
        ]
    }

    /// The newest `limit` messages, newest first. Arguments: conversation id, limit.
    static let latest = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ?
        ORDER BY sent_at DESC, id DESC LIMIT ?
        """

    /// The `limit` messages just before a position, newest first.
    /// Arguments: conversation id, sent_at, id, limit.
    static let before = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND (sent_at, id) < (?, ?)
        ORDER BY sent_at DESC, id DESC LIMIT ?
        """

    /// The first `limit` messages, oldest first. Arguments: conversation id, limit.
    static let first = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ?
        ORDER BY sent_at ASC, id ASC LIMIT ?
        """

    /// The newest message from one sender: the paging index walked newest first until one
    /// matches. Arguments: conversation id, sender.
    static let latestFromSender = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND sender = ?
        ORDER BY sent_at DESC, id DESC LIMIT 1
        """

    /// The `limit` messages just after a position, oldest first.
    /// Arguments: conversation id, sent_at, id, limit.
    static let after = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND (sent_at, id) > (?, ?)
        ORDER BY sent_at ASC, id ASC LIMIT ?
        """

    /// The `limit` messages of a conversation inserted after a given id, in insertion order.
    /// Ids grow with every insert in any process (AUTOINCREMENT, one writer at a time), so
    /// this finds everything committed since, whatever times the messages carry; a range
    /// scan of the primary key. Arguments: conversation id, id, limit.
    static let insertedAfter = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND id > ?
        ORDER BY id ASC LIMIT ?
        """
}
