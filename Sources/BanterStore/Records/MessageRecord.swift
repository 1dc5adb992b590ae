import BanterCore
import GRDB

/// Reads rows of the `messages` table into Core `Message`s (without their reactions, which
/// live in their own table: see `ChatStore.attachReactions`).
///
/// Columns are found by name: `Indices` looks each one up in a statement's column names
/// once, and every row of that statement is then read by index, which keeps paging and
/// bulk reads cheap. Queries select `MessageRecord.columns`, the built-in columns and one
/// per declared field (`MessageField.all`).
enum MessageRecord {
    /// The columns of the fields messages had before `MessageField` (their shapes are
    /// fixed by old databases and exports), then those of the declared fields.
    static let columnNames =
        [
            "id", "conversation_id", "sender", "text", "sent_at", "status", "edited_at", "deleted_at",
            "quoted_message_id", "quoted_sender", "quoted_excerpt",
            "attachment_name", "attachment_type", "attachment_size", "attachment_width", "attachment_height",
        ] + MessageField.all.map(\.column)

    /// The columns every message query selects.
    static let columns = list(columnNames)

    /// `columns` qualified by a table alias, for joins.
    static func columns(alias: String) -> String {
        list(columnNames.map { "\(alias).\($0)" })
    }

    /// `names` separated by commas. Not `joined(separator:)`: it is generic over the
    /// collection, and its first use in a cold process scans every protocol conformance in
    /// the executable (0.5 M instructions, a twentieth of a short `render`'s).
    private static func list(_ names: [String]) -> String {
        var list = ""
        var isFirst = true
        for name in names {
            if !isFirst { list += ", " }
            list += name
            isFirst = false
        }
        return list
    }

    /// Where each column is in one statement's results.
    struct Indices {
        let id, conversationID, sender, text, sentAt, status, editedAt, deletedAt: Int
        let quotedMessageID, quotedSender, quotedExcerpt: Int
        let attachmentName, attachmentType, attachmentSize, attachmentWidth, attachmentHeight: Int
        /// The declared fields with their columns' indices.
        let fields: [(field: MessageField, index: Int)]

        /// Looks the columns up in `names` (a statement's `columnNames`); a query that
        /// does not select one of them is a programming error.
        init(_ names: [String]) {
            var positions: [String: Int] = [:]
            for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
            func index(_ name: String) -> Int {
                guard let index = positions[name] else { preconditionFailure("message query without column \(name)") }
                return index
            }
            (id, conversationID, sender, text) = (index("id"), index("conversation_id"), index("sender"), index("text"))
            (sentAt, status, editedAt, deletedAt) = (
                index("sent_at"), index("status"), index("edited_at"), index("deleted_at")
            )
            (quotedMessageID, quotedSender, quotedExcerpt) =
                (index("quoted_message_id"), index("quoted_sender"), index("quoted_excerpt"))
            (attachmentName, attachmentType, attachmentSize) =
                (index("attachment_name"), index("attachment_type"), index("attachment_size"))
            (attachmentWidth, attachmentHeight) = (index("attachment_width"), index("attachment_height"))
            fields = MessageField.all.map { ($0, index($0.column)) }
        }
    }

    /// Where the columns are in a query that selects `columns`, as nearly every one does.
    private static let selectedIndices = Indices(columnNames)

    /// All messages `statement` finds, in its order.
    static func fetchAll(_ statement: Statement, arguments: StatementArguments) throws -> [Message] {
        // Comparing the names costs a few hundred instructions; looking each one up in a
        // dictionary built for the statement costs about 37 000 (6 % of a page of 50).
        let names = statement.columnNames
        let indices = names == columnNames ? selectedIndices : Indices(names)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var messages: [Message] = []
        while let row = try rows.next() { messages.append(try message(row, indices)) }
        return messages
    }

    /// The message in `row`, its columns at `indices`.
    static func message(_ row: Row, _ indices: Indices) throws -> Message {
        let id: Int64 = try row.decode(atIndex: indices.id)
        let senderName: String = try row.decode(atIndex: indices.sender)
        let statusName: String = try row.decode(atIndex: indices.status)
        guard let role = Sender.Role(rawValue: senderName) else {
            throw UnreadableRowError(table: "messages", id: id, detail: "unknown sender \"\(senderName)\"")
        }
        guard let status = DeliveryStatus(rawValue: statusName) else {
            throw UnreadableRowError(table: "messages", id: id, detail: "unknown status \"\(statusName)\"")
        }
        let fields = try Self.fields(row, indices, id: id)
        return Message(
            id: id,
            conversationID: try row.decode(atIndex: indices.conversationID),
            sender: Sender(role, participant: fields[.participant].text),
            text: try row.decode(atIndex: indices.text),
            sentAt: Timestamp(millisecondsSince1970: try row.decode(atIndex: indices.sentAt)),
            status: status,
            attachment: try attachment(row, indices, id: id),
            quote: try quote(row, indices, id: id),
            editedAt: try row.decode(Int64?.self, atIndex: indices.editedAt).map(
                Timestamp.init(millisecondsSince1970:)),
            deletedAt: try row.decode(Int64?.self, atIndex: indices.deletedAt).map(
                Timestamp.init(millisecondsSince1970:)),
            fields: fields
        )
    }

    /// The declared fields' values; a value of the wrong kind (a file edited by hand) is
    /// an unreadable row rather than a guess. Most messages have none, so each column is
    /// first asked whether it is null, which touches no field and builds no value.
    private static func fields(_ row: Row, _ indices: Indices, id: Int64) throws -> MessageFieldValues {
        var values = MessageFieldValues()
        for position in indices.fields.indices where !row.hasNull(atIndex: indices.fields[position].index) {
            let (field, index) = indices.fields[position]
            let stored: DatabaseValue = row[index]
            let value: FieldValue? =
                switch field.kind {
                case .boolean: Int64.fromDatabaseValue(stored).map { .boolean($0 != 0) }
                case .integer, .messageID: Int64.fromDatabaseValue(stored).map(FieldValue.integer)
                case .text: String.fromDatabaseValue(stored).map(FieldValue.text)
                case .structure: String.fromDatabaseValue(stored).map(FieldValue.json)
                }
            guard let value else {
                throw UnreadableRowError(table: "messages", id: id, detail: "\(field.column) is not \(field.expected)")
            }
            if let problem = field.problem(with: value) {
                throw UnreadableRowError(table: "messages", id: id, detail: "\(field.column): \(problem)")
            }
            values[field] = value
        }
        return values
    }

    private static func quote(_ row: Row, _ indices: Indices, id: Int64) throws -> Quote? {
        guard let quotedID = try row.decode(Int64?.self, atIndex: indices.quotedMessageID) else { return nil }
        let senderName = try row.decode(String?.self, atIndex: indices.quotedSender) ?? ""
        guard let role = Sender.Role(rawValue: senderName) else {
            throw UnreadableRowError(table: "messages", id: id, detail: "unknown quoted sender \"\(senderName)\"")
        }
        return Quote(
            messageID: quotedID, sender: Sender(role),
            excerpt: try row.decode(String?.self, atIndex: indices.quotedExcerpt) ?? "")
    }

    private static func attachment(_ row: Row, _ indices: Indices, id: Int64) throws -> Attachment? {
        guard let name = try row.decode(String?.self, atIndex: indices.attachmentName) else { return nil }
        var pixelSize: PixelSize?
        if let width = try row.decode(Int?.self, atIndex: indices.attachmentWidth),
            let height = try row.decode(Int?.self, atIndex: indices.attachmentHeight)
        {
            pixelSize = PixelSize(width: width, height: height)
        }
        return Attachment(
            fileName: name,
            mediaType: try row.decode(String?.self, atIndex: indices.attachmentType) ?? MediaType.unknown,
            byteCount: try row.decode(Int?.self, atIndex: indices.attachmentSize) ?? 0, pixelSize: pixelSize)
    }
}
