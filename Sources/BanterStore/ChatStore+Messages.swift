import BanterCore
import GRDB

extension ChatStore {
    /// Stores one message in its own transaction and returns it with its id. When this
    /// returns, the message is on disk.
    @discardableResult
    public func append(
        conversationID: Int64, sender: Sender, text: String, sentAt: Timestamp,
        status: DeliveryStatus = .sent
    ) throws(StoreError) -> Message {
        let new = NewMessage(conversationID: conversationID, sender: sender, text: text, sentAt: sentAt, status: status)
        return try append(contentsOf: [new])[0]
    }

    /// Stores many messages in one transaction (all or none), reusing one prepared statement;
    /// returns them with their ids, in the given order.
    @discardableResult
    public func append(contentsOf messages: [NewMessage]) throws(StoreError) -> [Message] {
        guard !messages.isEmpty else { return [] }
        return try write("save messages") { db in
            for conversationID in Set(messages.map(\.conversationID)) {
                guard try Self.conversationExists(db, id: conversationID) else {
                    throw StoreError.conversationNotFound(id: conversationID)
                }
            }
            let statement = try db.cachedStatement(sql: MessageSQL.insert)
            return try messages.map { new in
                let text = Self.storable(new.text)
                try statement.execute(arguments: [
                    new.conversationID, new.sender.rawValue, text, new.sentAt.millisecondsSince1970,
                    new.status.rawValue,
                ])
                return Message(
                    id: db.lastInsertedRowID, conversationID: new.conversationID, sender: new.sender,
                    text: text, sentAt: new.sentAt, status: new.status)
            }
        }
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

    /// Moves a message's delivery status forward and returns the message as stored.
    ///
    /// Statuses only move forward (sending → sent → delivered → read): an update to an
    /// earlier status, such as a late "delivered" after "read", is ignored.
    @discardableResult
    public func updateStatus(messageID: Int64, to status: DeliveryStatus) throws(StoreError) -> Message {
        try write("update the message status") { db in
            guard var message = try Self.message(db, id: messageID) else {
                throw StoreError.messageNotFound(id: messageID)
            }
            guard message.status < status else { return message }
            try db.cachedStatement(sql: "UPDATE messages SET status = ? WHERE id = ?")
                .execute(arguments: [status.rawValue, messageID])
            message.status = status
            return message
        }
    }

    /// The message with this id, if any.
    public func message(id: Int64) throws(StoreError) -> Message? {
        try read("read message \(id)") { db in try Self.message(db, id: id) }
    }

    /// How many messages a conversation holds.
    public func messageCount(conversationID: Int64) throws(StoreError) -> Int {
        try read("count messages") { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM messages WHERE conversation_id = ?", arguments: [conversationID]) ?? 0
        }
    }

    // MARK: - Helpers

    static func message(_ db: Database, id: Int64) throws -> Message? {
        try MessageRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(MessageRecord.columns) FROM messages WHERE id = ?"), arguments: [id])?.message
    }

    static func conversationExists(_ db: Database, id: Int64) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM conversations WHERE id = ?)"), arguments: [id]) ?? false
    }
}
