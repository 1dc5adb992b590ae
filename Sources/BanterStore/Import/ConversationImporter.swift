import BanterCore
import GRDB

/// Writes one imported conversation inside the import's single transaction (see
/// `ChatStore.importConversation`). Only valid inside that call.
public final class ConversationImporter {
    private let db: Database
    private let path: String
    private var insert: Statement?
    /// The conversation being filled, once created.
    public private(set) var conversation: Conversation?
    /// How many messages have been inserted so far.
    public private(set) var messageCount = 0

    init(db: Database, path: String) {
        self.db = db
        self.path = path
    }

    /// Creates the conversation the messages go into; its creation time becomes its first
    /// message's time when the import commits.
    @discardableResult
    public func createConversation(
        title: String, botScriptPath: String?, rules: GroupingRules, participant: Participant?, createdAt: Timestamp
    ) throws(StoreError) -> Conversation {
        try translating("create the conversation") {
            var created = try ChatStore.insertConversation(
                db, title: title, botScriptPath: botScriptPath, rules: rules, createdAt: createdAt)
            if let participant {
                try Self.saveParticipant(participant, conversationID: created.id, db)
                created.participant = participant
            }
            conversation = created
            insert = try db.makeStatement(sql: MessageSQL.insert)
            return created
        }
    }

    /// Sets the other side, when the file gives it after the conversation was created.
    public func updateParticipant(_ participant: Participant) throws(StoreError) {
        guard let conversation else { preconditionFailure("updateParticipant before createConversation") }
        try translating("save the participant") {
            try Self.saveParticipant(participant, conversationID: conversation.id, db)
        }
        self.conversation?.participant = participant
    }

    /// Inserts the next message (messages sent at the same millisecond keep this order).
    public func append(sender: Sender, text: String, sentAt: Timestamp, status: DeliveryStatus) throws(StoreError) {
        guard let conversation, let insert else { preconditionFailure("append before createConversation") }
        try translating("save messages") {
            try insert.execute(arguments: [
                conversation.id, sender.rawValue, ChatStore.storable(text), sentAt.millisecondsSince1970, status.rawValue,
            ])
        }
        messageCount += 1
    }

    /// Sets the conversation's creation time to its first message's, when it has one.
    func complete() throws {
        guard let conversation else { return }
        try db.execute(
            sql: """
                UPDATE conversations
                SET created_at = COALESCE((SELECT MIN(sent_at) FROM messages WHERE conversation_id = ?), created_at)
                WHERE id = ?
                """,
            arguments: [conversation.id, conversation.id])
    }

    private static func saveParticipant(_ participant: Participant, conversationID: Int64, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE conversations SET participant_name = ?, participant_initial = ?, participant_color = ? WHERE id = ?",
            arguments: [participant.name, participant.initial, participant.color, conversationID])
    }

    private func translating<T>(_ operation: String, _ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error, path: path, operation: operation)
        }
    }
}
