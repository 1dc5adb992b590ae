import BanterCore
import GRDB

/// Reads a row of the `messages` table into a Core `Message`.
///
/// Queries select `MessageRecord.columns` (possibly prefixed with a table alias) in that
/// order, so decoding goes by index, which keeps paging and bulk reads cheap.
struct MessageRecord: FetchableRecord {
    /// The columns every message query selects, in decoding order.
    static let columns = "id, conversation_id, sender, text, sent_at, status"

    /// `columns` qualified by a table alias, for joins.
    static func columns(alias: String) -> String {
        columns.split(separator: ", ").map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    let message: Message

    init(row: Row) throws {
        let id: Int64 = try row.decode(atIndex: 0)
        let senderName: String = try row.decode(atIndex: 2)
        let statusName: String = try row.decode(atIndex: 5)
        guard let sender = Sender(rawValue: senderName) else {
            throw UnreadableRowError(table: "messages", id: id, detail: "unknown sender \"\(senderName)\"")
        }
        guard let status = DeliveryStatus(rawValue: statusName) else {
            throw UnreadableRowError(table: "messages", id: id, detail: "unknown status \"\(statusName)\"")
        }
        message = Message(
            id: id,
            conversationID: try row.decode(atIndex: 1),
            sender: sender,
            text: try row.decode(atIndex: 3),
            sentAt: Timestamp(millisecondsSince1970: try row.decode(atIndex: 4)),
            status: status
        )
    }
}
