import BanterCore
import GRDB

/// Reads a row of the `messages` table into a Core `Message` (without its reactions, which
/// live in their own table: see `ChatStore.attachReactions`).
///
/// Queries select `MessageRecord.columns` (possibly prefixed with a table alias) in that
/// order, so decoding goes by index, which keeps paging and bulk reads cheap.
struct MessageRecord: FetchableRecord {
    /// The columns every message query selects, in decoding order.
    static let columns = """
        id, conversation_id, sender, text, sent_at, status, edited_at, deleted_at, \
        quoted_message_id, quoted_sender, quoted_excerpt, \
        attachment_name, attachment_type, attachment_size, attachment_width, attachment_height
        """

    /// How many columns `columns` names: the index of whatever a query selects after them.
    static let columnCount = 16

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
            status: status,
            attachment: try Self.attachment(row, id: id),
            quote: try Self.quote(row, id: id),
            editedAt: try row.decode(Int64?.self, atIndex: 6).map(Timestamp.init(millisecondsSince1970:)),
            deletedAt: try row.decode(Int64?.self, atIndex: 7).map(Timestamp.init(millisecondsSince1970:))
        )
    }

    private static func quote(_ row: Row, id: Int64) throws -> Quote? {
        guard let quotedID = try row.decode(Int64?.self, atIndex: 8) else { return nil }
        let senderName = try row.decode(String?.self, atIndex: 9) ?? ""
        guard let sender = Sender(rawValue: senderName) else {
            throw UnreadableRowError(table: "messages", id: id, detail: "unknown quoted sender \"\(senderName)\"")
        }
        return Quote(messageID: quotedID, sender: sender, excerpt: try row.decode(String?.self, atIndex: 10) ?? "")
    }

    private static func attachment(_ row: Row, id: Int64) throws -> Attachment? {
        guard let name = try row.decode(String?.self, atIndex: 11) else { return nil }
        var pixelSize: PixelSize?
        if let width = try row.decode(Int?.self, atIndex: 14), let height = try row.decode(Int?.self, atIndex: 15) {
            pixelSize = PixelSize(width: width, height: height)
        }
        return Attachment(
            fileName: name, mediaType: try row.decode(String?.self, atIndex: 12) ?? MediaType.unknown,
            byteCount: try row.decode(Int?.self, atIndex: 13) ?? 0, pixelSize: pixelSize)
    }
}
