import BanterCore
import GRDB

extension ChatStore {
    /// Stores one message in its own transaction and returns it with its id. When this
    /// returns, the message is on disk.
    @discardableResult
    package func append(
        conversationID: Int64, sender: Sender, text: String, sentAt: Timestamp,
        status: DeliveryStatus = .sent
    ) throws(StoreError) -> Message {
        let new = NewMessage(conversationID: conversationID, sender: sender, text: text, sentAt: sentAt, status: status)
        return try append(contentsOf: [new])[0]
    }

    /// Stores many messages in one transaction (all or none), reusing one prepared statement;
    /// returns them with their ids, in the given order.
    @discardableResult
    package func append(contentsOf messages: [NewMessage]) throws(StoreError) -> [Message] {
        guard !messages.isEmpty else { return [] }
        // One message is one insert (its branch tip only read).
        return try write("save messages", oneStatement: messages.count == 1) { db in
            precondition(
                messages.allSatisfy { $0.attachment == nil }, "messages with attachments are stored with their bytes")
            return try BranchTip.append(db, hotStatements, messages)
        }
    }

    /// Inserts one message row and returns it as stored (texts made `storable`).
    static func insert(_ db: Database, _ statements: HotStatements, _ new: NewMessage) throws -> Message {
        let text = storable(new.text)
        try MessageSQL.runInsert(db, statements, new, text: text)
        let attachment = new.attachment.map {
            Attachment(
                fileName: storable($0.fileName), mediaType: storable($0.mediaType), byteCount: $0.byteCount,
                pixelSize: $0.pixelSize)
        }
        let quote = new.quote.map { Quote(messageID: $0.messageID, sender: $0.sender, excerpt: storable($0.excerpt)) }
        return Message(
            id: db.lastInsertedRowID, conversationID: new.conversationID, sender: new.sender, text: text,
            sentAt: new.sentAt, status: new.status, attachment: attachment, quote: quote,
            editedAt: new.editedAt, deletedAt: new.deletedAt, fields: new.fields)
    }

    /// `text` as it can be stored: a NUL character would cut the text short when bound to
    /// SQLite (the rest silently lost), so it is stored as "␀" (U+2400), the symbol every
    /// display shows for it anyway.
    static func storable(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(scalar == "\0" ? "\u{2400}" : scalar) }
        return String(scalars)
    }

    /// Moves a message's delivery status forward and returns its status as stored.
    ///
    /// Statuses only move forward (sending → sent → delivered → read): an update to an
    /// earlier status, such as a late "delivered" after "read", is ignored. Only the status
    /// is read back, not the whole message with its reactions: a bot marks messages on
    /// nearly every reply, and the caller already holds the message. The usual case, a
    /// status that moves forward, is one statement; the status is read only when nothing
    /// changed (to tell a later status from a missing message).
    @discardableResult
    package func updateStatus(messageID: Int64, to status: DeliveryStatus) throws(StoreError) -> DeliveryStatus {
        try write("update the message status", oneStatement: true) { db in
            let rank = DeliveryStatus.allCases.firstIndex(of: status) ?? 0
            try hotStatements.execute(
                .forwardStatus, sql: Self.forwardStatusSQL,
                binding: [.text(status.rawValue), .integer(messageID), SQLValue(rank)], in: db)
            if db.changesCount > 0 { return status }
            guard
                let name = try String.fetchOne(
                    db.cachedStatement(sql: "SELECT status FROM messages WHERE id = ?"), arguments: [messageID])
            else { throw StoreError.messageNotFound(id: messageID) }
            guard let stored = DeliveryStatus(rawValue: name) else {
                throw UnreadableRowError(table: "messages", id: messageID, detail: "unknown status \"\(name)\"")
            }
            return stored
        }
    }

    /// The update that sets a message's status (argument 1: the status; 2: the message
    /// id) only when the stored one comes earlier in `DeliveryStatus`'s order (3: the
    /// new status's place in it). A stored status Banter does not know ranks as NULL and is
    /// left as it is.
    private static let forwardStatusSQL: String = {
        let ranks = DeliveryStatus.allCases.enumerated().map { "WHEN '\($1.rawValue)' THEN \($0)" }
        return "UPDATE messages SET status = ? WHERE id = ? AND CASE status \(ranks.joined(separator: " ")) END < ?"
    }()

    /// The message with this id, if any.
    package func message(id: Int64) throws(StoreError) -> Message? {
        try read("read message \(id)") { db in try Self.message(db, id: id) }
    }

    /// How many messages a conversation holds.
    package func messageCount(conversationID: Int64) throws(StoreError) -> Int {
        try read("count messages") { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM messages WHERE conversation_id = ?", arguments: [conversationID]) ?? 0
        }
    }

    // MARK: - Helpers

    static func message(_ db: Database, id: Int64) throws -> Message? {
        try fetchMessages(db, sql: "SELECT \(MessageRecord.columns) FROM messages WHERE id = ?", arguments: [id]).first
    }

    /// Reads messages with `sql` (which selects `MessageRecord.columns`), reactions included.
    static func fetchMessages(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Message] {
        var messages = try MessageRecord.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        try attachReactions(db, to: &messages)
        return messages
    }

    static func conversationExists(_ db: Database, id: Int64) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM conversations WHERE id = ?)"), arguments: [id])
            ?? false
    }
}
