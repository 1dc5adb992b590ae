import BanterCore
import GRDB

/// The SQL of the hot message queries, in one place so that tests can check their query
/// plans (paging a branch is `BranchPath`'s, on `messages_by_branch`).
///
/// Paging is keyset paging on `(sent_at, id)`: each page starts right after (or before) the
/// last message seen, so a page costs the same at any depth and equal timestamps never make
/// a message appear twice or not at all.
enum MessageSQL {
    /// Every column an insert writes, each with its value for a message to store (whose
    /// text is already `storable`): one list, so a column and its value cannot drift apart.
    /// The declared fields follow the built-in columns.
    static let insertColumns: [InsertColumn] =
        builtInColumns
        + MessageField.all.map { field in
            InsertColumn(field.column) { new, _ in new.fields.isEmpty ? .null : databaseValue(new.fields[field]) }
        }

    private static let builtInColumns: [InsertColumn] = [
        InsertColumn("conversation_id") { new, _ in .integer(new.conversationID) },
        InsertColumn("sender") { new, _ in .text(new.sender.role.rawValue) },
        InsertColumn("text") { _, text in .text(text) },
        InsertColumn("sent_at") { new, _ in .integer(new.sentAt.millisecondsSince1970) },
        InsertColumn("status") { new, _ in .text(new.status.rawValue) },
        InsertColumn("edited_at") { new, _ in SQLValue(new.editedAt?.millisecondsSince1970) },
        InsertColumn("deleted_at") { new, _ in SQLValue(new.deletedAt?.millisecondsSince1970) },
        InsertColumn("quoted_message_id") { new, _ in SQLValue(new.quote?.messageID) },
        InsertColumn("quoted_sender") { new, _ in SQLValue(new.quote?.sender.role.rawValue) },
        InsertColumn("quoted_excerpt") { new, _ in SQLValue(new.quote.map { ChatStore.storable($0.excerpt) }) },
        InsertColumn("attachment_name") { new, _ in SQLValue(new.attachment.map { ChatStore.storable($0.fileName) }) },
        InsertColumn("attachment_type") { new, _ in SQLValue(new.attachment.map { ChatStore.storable($0.mediaType) }) },
        InsertColumn("attachment_size") { new, _ in SQLValue(new.attachment?.byteCount) },
        InsertColumn("attachment_width") { new, _ in SQLValue(new.attachment?.pixelSize?.width) },
        InsertColumn("attachment_height") { new, _ in SQLValue(new.attachment?.pixelSize?.height) },
        InsertColumn("branch_id") { new, _ in SQLValue(new.lane) },
    ]

    /// A column of `insert` and how to get its value.
    struct InsertColumn: Sendable {
        let name: String
        let value: @Sendable (NewMessage, String) -> SQLValue

        init(_ name: String, _ value: @escaping @Sendable (NewMessage, String) -> SQLValue) {
            self.name = name
            self.value = value
        }
    }

    static let insert = """
        INSERT INTO messages (\(insertColumns.map(\.name).joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: insertColumns.count).joined(separator: ", ")))
        """

    /// The arguments of `insert` for `new`, whose text is already `storable`.
    static func insertArguments(_ new: NewMessage, text: String) -> StatementArguments {
        StatementArguments(insertColumns.map { $0.value(new, text).databaseValue })
    }

    /// The columns every message has a value for; the others (an edit, a deletion, a quote,
    /// an attachment, the declared fields) are NULL for a plain message, nearly every message
    /// a chat or scenario stores.
    private static let alwaysSetColumns: Set<String> = [
        "conversation_id", "sender", "text", "sent_at", "status", "branch_id",
    ]
    private static let plainColumns = insertColumns.filter { alwaysSetColumns.contains($0.name) }
    private static let optionalColumns = insertColumns.filter { !alwaysSetColumns.contains($0.name) }

    /// The insert of a plain message: the columns it leaves out have no default, so they
    /// hold NULL as `insert` would store them, and binding six values instead of every
    /// column's halved an insert's cost.
    static let plainInsert = """
        INSERT INTO messages (\(plainColumns.map(\.name).joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: plainColumns.count).joined(separator: ", ")))
        """

    /// Stores `new`, whose text is already `storable`, with `plainInsert` when every other
    /// column would be NULL (`NewMessage.isPlain`, checked against the columns themselves in
    /// debug builds, so a column added later and forgotten there fails the tests). The values
    /// are bound without GRDB's check that their number fits the statement's placeholders
    /// (each statement and its columns come from the same list), each binding itself
    /// (`Statement.execute(binding:)`).
    static func runInsert(_ db: Database, _ statements: HotStatements, _ new: NewMessage, text: String) throws {
        let isPlain = new.isPlain
        assert(!isPlain || optionalColumns.allSatisfy { $0.value(new, text) == .null }, "isPlain misses a column")
        let values = (isPlain ? plainColumns : insertColumns).map { $0.value(new, text) }
        if isPlain {
            try statements.execute(.insertPlainMessage, sql: plainInsert, binding: values, in: db)
        } else {
            try statements.execute(.insertMessage, sql: insert, binding: values, in: db)
        }
    }

    /// A declared field's value as its column stores it.
    static func databaseValue(_ value: FieldValue) -> SQLValue {
        switch value {
        case .null: .null
        case .boolean(let flag): .integer(flag ? 1 : 0)
        case .integer(let number): .integer(number)
        case .text(let text), .json(let text): .text(ChatStore.storable(text))
        }
    }

    /// The newest `limit` messages of the whole conversation, whatever their branch, newest
    /// first (a conversation's summary). Arguments: conversation id, limit.
    static let latest = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ?
        ORDER BY sent_at DESC, id DESC LIMIT ?
        """

    /// The `limit` messages of the whole conversation, every branch, just after a position,
    /// oldest first. Arguments: conversation id, sent_at, id, limit.
    static let after = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND (sent_at, id) > (?, ?)
        ORDER BY sent_at ASC, id ASC LIMIT ?
        """

    /// The `limit` messages of a conversation inserted after a given id, in insertion order.
    /// Ids grow with every insert in any process (AUTOINCREMENT, one writer at a time), so
    /// this finds everything committed since, whatever times the messages carry; a range
    /// scan of the primary key (`NOT INDEXED`: without it SQLite chose a conversation index
    /// and sorted the whole conversation by id). Arguments: conversation id, id, the
    /// branch's lane, limit.
    static let insertedAfter = """
        SELECT \(MessageRecord.columns) FROM messages NOT INDEXED
        WHERE conversation_id = ? AND id > ? AND branch_id IS ?
        ORDER BY id ASC LIMIT ?
        """
}
