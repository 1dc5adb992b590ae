import BanterCore
import GRDB

/// Messages changed in place (edited, deleted, reacted to, a status moved), found through
/// the `message_changes` log that triggers fill on every such write, in any process.
extension ChatStore {
    /// The newest entry of the change log for a conversation (0 when there is none): where a
    /// session starts watching.
    package func latestChangeID(conversationID: Int64) throws(StoreError) -> Int64 {
        try read("read the change log") { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT max(id) FROM message_changes WHERE conversation_id = ?"),
                arguments: [conversationID]) ?? 0
        }
    }

    /// The messages of a conversation changed after the change-log entry `changeID`, each
    /// once, as they are now, with the newest change-log entry read (pass it next time).
    /// One range scan of the log's index.
    package func messagesChanged(conversationID: Int64, after changeID: Int64) throws(StoreError)
        -> (messages: [Message], latestChangeID: Int64)
    {
        try read("read changed messages") { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT message_id, max(id) FROM message_changes
                        WHERE conversation_id = ? AND id > ? GROUP BY message_id
                        """),
                arguments: [conversationID, changeID])
            guard !rows.isEmpty else { return ([], changeID) }
            let latest = rows.map { $0[1] as Int64 }.max() ?? changeID
            let ids = "[" + rows.map { String($0[0] as Int64) }.joined(separator: ",") + "]"
            let messages = try Self.fetchMessages(
                db,
                sql:
                    "SELECT \(MessageRecord.columns) FROM messages WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
                arguments: [ids])
            return (messages, latest)
        }
    }
}
