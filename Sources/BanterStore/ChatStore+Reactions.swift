import BanterCore
import Foundation
import GRDB

/// Reactions: one row per person and emoji on a message, read with every message.
extension ChatStore {
    /// What a reaction request does when the person already has that emoji on the message.
    package enum ReactionChange: Hashable, Sendable {
        /// Adds the emoji, or removes it when it is already there (what `/react` does).
        case toggle
        /// Adds the emoji; nothing changes when it is already there.
        case add
        /// Removes the emoji; nothing changes when it is not there.
        case remove
    }

    /// Adds or removes `sender`'s `emoji` on a message and returns the message as stored,
    /// with whether the emoji is now there. A deleted message takes no reactions
    /// (`StoreError.messageDeleted`), and only `.me` and `.them` react
    /// (`StoreError.systemCannotReact`): the store guarantees the reactions table's
    /// `sender IN ('me', 'them')` CHECK itself, so a reused scenario store may skip it
    /// (`GuaranteedChecks`).
    package func react(
        messageID: Int64, emoji: String, sender: Sender, at time: Timestamp, change: ReactionChange = .toggle
    ) throws(StoreError) -> (message: Message, isPresent: Bool) {
        guard sender != .system else { throw .systemCannotReact(messageID: messageID) }
        return try write("save the reaction") { db in
            guard let message = try Self.message(db, id: messageID) else {
                throw StoreError.messageNotFound(id: messageID)
            }
            guard !message.isDeleted else { throw StoreError.messageDeleted(id: messageID) }
            let exists = message.reactions.contains { $0.emoji == emoji && $0.sender == sender }
            let wanted =
                switch change {
                case .toggle: !exists
                case .add: true
                case .remove: false
                }
            if wanted && !exists {
                try Self.insertReaction(
                    db, Reaction(emoji: emoji, sender: sender, reactedAt: time), messageID: messageID)
            } else if !wanted && exists {
                try db.execute(
                    sql: "DELETE FROM reactions WHERE message_id = ? AND sender = ? AND emoji = ?",
                    arguments: [messageID, sender.role.rawValue, emoji])
            }
            guard let updated = try Self.message(db, id: messageID) else {
                throw StoreError.messageNotFound(id: messageID)
            }
            return (updated, wanted)
        }
    }

    /// Writes one reaction row; every reaction (a `react`, an import) goes through here, so
    /// this is where the table's `sender IN ('me', 'them')` CHECK is guaranteed.
    static func insertReaction(_ db: Database, _ reaction: Reaction, messageID: Int64) throws {
        guard reaction.sender != .system else { throw StoreError.systemCannotReact(messageID: messageID) }
        try db.cachedStatement(sql: "INSERT INTO reactions (message_id, sender, emoji, reacted_at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [
                messageID, reaction.sender.role.rawValue, storable(reaction.emoji),
                reaction.reactedAt.millisecondsSince1970,
            ])
    }

    /// Fills in the reactions of `messages` with one query. A page's ids are usually close
    /// together, so it is one range scan of the reactions' message index between the
    /// smallest and the largest id (a seek and nothing more when there are no reactions);
    /// ids spread far apart (a page of a conversation interleaved with busy ones) are
    /// looked up one by one instead.
    static func attachReactions(_ db: Database, to messages: inout [Message]) throws {
        guard let low = messages.lazy.map(\.id).min(), let high = messages.lazy.map(\.id).max() else { return }
        let columns = "SELECT message_id, sender, emoji, reacted_at FROM reactions"
        let rows: RowCursor
        if high - low < 64 * Int64(messages.count) {
            rows = try Row.fetchCursor(
                db.cachedStatement(sql: "\(columns) WHERE message_id BETWEEN ? AND ? ORDER BY id"),
                arguments: [low, high])
        } else {
            let ids = "[" + messages.map { String($0.id) }.joined(separator: ",") + "]"
            rows = try Row.fetchCursor(
                db.cachedStatement(sql: "\(columns) WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY id"),
                arguments: [ids])
        }
        var byMessage: [Int64: [Reaction]] = [:]
        while let row = try rows.next() {
            let messageID: Int64 = row[0]
            let senderName: String = row[1]
            guard let role = Sender.Role(rawValue: senderName) else {
                throw UnreadableRowError(table: "reactions", id: messageID, detail: "unknown sender \"\(senderName)\"")
            }
            byMessage[messageID, default: []].append(
                Reaction(emoji: row[2], sender: Sender(role), reactedAt: Timestamp(millisecondsSince1970: row[3])))
        }
        guard !byMessage.isEmpty else { return }
        for index in messages.indices {
            if let reactions = byMessage[messages[index].id] { messages[index].reactions = reactions }
        }
    }
}
