import BanterCore
import Foundation
import GRDB

/// Writes one imported conversation inside the import's single transaction (see
/// `ChatStore.importConversation`). Only valid inside that call.
package final class ConversationImporter {
    private let db: Database
    private let path: String
    private var insert: Statement?
    /// The conversation being filled, once created.
    package private(set) var conversation: Conversation?
    /// How many messages have been inserted so far.
    package private(set) var messageCount = 0
    /// The last message inserted and how many pieces of its attachment are stored.
    private var lastMessageID: Int64?
    private var attachmentChunks = 0
    /// The newest message of each branch this import made, by the branch's lane (nil: the
    /// first branch): a message whose parent is one of them continues that branch.
    private var branchTips: [Int64?: Int64] = [:]
    /// The branches the file lists (`expectBranches`), the lane made for each (by its
    /// place in the list) and the place of the branch each first message starts (by that
    /// message's id in the file).
    private var expectedBranches: [ImportedBranch] = []
    private var branchLanes: [Int: Int64] = [:]
    private var branchStarts: [Int64: Int] = [:]
    /// The id the first listed branch is stored with (`branchID(listedAt:)`), once known,
    /// and how many branches the list does not name were made.
    private var firstBranchID: Int64?
    private var unlistedBranches: Int64 = 0

    init(db: Database, path: String) {
        self.db = db
        self.path = path
    }

    /// Creates the conversation the messages go into; its creation time becomes its first
    /// message's time when the import commits.
    @discardableResult
    package func createConversation(
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
            // The exported ids of the messages imported so far, for quotes: in SQLite, not
            // in memory, so an import of any length stays small. Temporary: gone with the
            // connection, and rolled back with a failed import.
            try db.execute(
                sql: """
                    CREATE TEMP TABLE IF NOT EXISTS import_ids (exported INTEGER PRIMARY KEY, id INTEGER NOT NULL);
                    DELETE FROM temp.import_ids;
                    """)
            return created
        }
    }

    /// Sets the other side, when the file gives it after the conversation was created.
    package func updateParticipant(_ participant: Participant) throws(StoreError) {
        guard let conversation else { preconditionFailure("updateParticipant before createConversation") }
        try translating("save the participant") {
            try Self.saveParticipant(participant, conversationID: conversation.id, db)
        }
        self.conversation?.participant = participant
    }

    /// Inserts the next message (messages sent at the same millisecond keep this order).
    package func append(sender: Sender, text: String, sentAt: Timestamp, status: DeliveryStatus) throws(StoreError) {
        guard let conversation else { preconditionFailure("append before createConversation") }
        try append(
            NewMessage(conversationID: conversation.id, sender: sender, text: text, sentAt: sentAt, status: status))
    }

    /// Inserts the next message with what it carries (its conversation id is replaced by
    /// the imported conversation's). `exportedID` is its id in the file: later quotes refer
    /// to it, and `new.quote?.messageID` is such an id, mapped here to the new one (0 when
    /// the file did not hold the quoted message). Declared message-id fields (the parent)
    /// are mapped the same way, and one that names no earlier message of the file fails
    /// the import. An attachment's bytes follow with `appendAttachmentData`.
    package func append(_ new: NewMessage, reactions: [Reaction] = [], exportedID: Int64? = nil) throws(StoreError) {
        guard let conversation, let insert else { preconditionFailure("append before createConversation") }
        var new = new
        new.conversationID = conversation.id
        try translating("save messages") {
            if let quote = new.quote {
                new.quote?.messageID = try importedID(quote.messageID) ?? 0
            }
            for field in MessageField.all where !new.fields.isEmpty {
                guard case .messageID = field.kind, let exported = new.fields[field].integer else { continue }
                guard let id = try importedID(exported) else {
                    throw StoreError.parentNotFound(messageID: exportedID, parentID: exported)
                }
                new.fields[field] = .integer(id)
            }
            if let parentID = new.fields[.parent].integer {
                if let exportedID, let index = branchStarts[exportedID] {
                    // It starts a listed branch: a fork even where its parent is a branch's
                    // newest message (a fork at the tip), so the branch comes back itself.
                    guard let parent = try ChatStore.message(db, id: parentID) else {
                        throw StoreError.messageNotFound(id: parentID)
                    }
                    new.lane = try ChatStore.insertBranch(db, forkedAt: parent, id: branchID(listedAt: index))
                    branchLanes[index] = new.lane
                } else {
                    new.lane = try lane(following: parentID)
                }
            }
            try insert.execute(arguments: MessageSQL.insertArguments(new, text: ChatStore.storable(new.text)))
            let id = db.lastInsertedRowID
            branchTips[new.lane] = id
            lastMessageID = id
            attachmentChunks = 0
            if let exportedID {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO temp.import_ids (exported, id) VALUES (?, ?)")
                    .execute(arguments: [exportedID, id])
            }
            for reaction in reactions { try ChatStore.insertReaction(db, reaction, messageID: id) }
        }
        messageCount += 1
    }

    /// The branches the file lists, in their order (the first branch first), before its
    /// messages come: each listed branch's first message starts it, and once every message
    /// is in, `complete` makes the empty ones left, gives the labels and sets the current one.
    package func expectBranches(_ branches: [ImportedBranch]) {
        expectedBranches = branches
        for (index, branch) in branches.enumerated() {
            if let firstID = branch.firstID { branchStarts[firstID] = index }
        }
    }

    /// Makes the listed branches without messages (once every message is in).
    private func makeEmptyBranches() throws {
        for index in expectedBranches.indices where branchLanes[index] == nil {
            let branch = expectedBranches[index]
            guard branch.firstID == nil, let forkID = branch.forkID, let id = try importedID(forkID),
                let fork = try ChatStore.message(db, id: id)
            else { continue }
            branchLanes[index] = try ChatStore.insertBranch(db, forkedAt: fork, id: branchID(listedAt: index))
        }
    }

    /// The id a branch this import makes is stored with, when the file lists its branches:
    /// the listed branch at `index` gets the `index`-th id after every branch the database
    /// holds, whatever order the branches' first messages come in (by time, not by when each
    /// branch was made), so branch numbers, which follow ids, come back as `/tree` showed
    /// them; a branch the list does not name (nil) comes after them all. Nil without a list:
    /// the next id.
    private func branchID(listedAt index: Int?) throws -> Int64? {
        guard !expectedBranches.isEmpty else { return nil }
        let first =
            try firstBranchID
            ?? Int64.fetchOne(
                db,
                sql: """
                    SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'branches'), 0),
                               coalesce((SELECT max(id) FROM branches), 0)) + 1
                    """) ?? 1
        firstBranchID = first
        guard let index else {
            unlistedBranches += 1
            return first + Int64(expectedBranches.count) + unlistedBranches - 1
        }
        return first + Int64(index)
    }

    /// A quote of the message exported as `exported` (its id in the file), read back from
    /// what this import stored, or nil when the file did not hold it before: so a reply
    /// from another app's export quotes its message without the import keeping every
    /// message in memory. The quote's id is the file's, as `append` expects.
    package func quote(ofExported exported: Int64) throws(StoreError) -> Quote? {
        try translating("read the quoted message") {
            guard let id = try importedID(exported),
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT sender, participant, text, attachment_name FROM messages WHERE id = ?"),
                    arguments: [id]),
                let role = Sender.Role(rawValue: row["sender"])
            else { return nil }
            let excerpt = Quote.excerpt(text: row["text"] ?? "", fileName: row["attachment_name"])
            return Quote(messageID: exported, sender: Sender(role), excerpt: excerpt)
        }
    }

    /// The branch a message whose parent is `parentID` goes on: the branch whose newest
    /// message that is (the first branch included), else a new branch forked there. A
    /// message without a parent continues the first branch, the straight line. An export of
    /// a conversation with branches gives every message its parent (see
    /// `ConversationCursor`), so its tree comes back exactly, parent for parent.
    private func lane(following parentID: Int64) throws -> Int64? {
        if let tip = branchTips.first(where: { $0.value == parentID }) { return tip.key }
        guard let parent = try ChatStore.message(db, id: parentID) else {
            throw StoreError.messageNotFound(id: parentID)
        }
        return try ChatStore.insertBranch(db, forkedAt: parent, id: branchID(listedAt: nil))
    }

    /// The new id of the message exported as `exported`, if the file held it before.
    private func importedID(_ exported: Int64) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM temp.import_ids WHERE exported = ?"), arguments: [exported])
    }

    /// Sets the conversation's participants (a group's), from the file's header.
    package func setParticipants(_ participants: [Participant]) throws(StoreError) {
        guard let conversation else { preconditionFailure("setParticipants before createConversation") }
        try translating("save the participants") {
            try ChatStore.replaceParticipants(db, participants, conversationID: conversation.id)
        }
    }

    /// Stores the next piece of the last message's attachment bytes.
    package func appendAttachmentData(_ data: Data) throws(StoreError) {
        guard let lastMessageID else { preconditionFailure("appendAttachmentData before append") }
        try translating("save the attachment") {
            try ChatStore.insertAttachmentChunk(db, messageID: lastMessageID, index: attachmentChunks, bytes: data)
        }
        attachmentChunks += 1
    }

    /// Sets the conversation's creation time to its first message's, when it has one.
    func complete() throws {
        guard let conversation else { return }
        try applyBranches(conversationID: conversation.id)
        try db.execute(sql: "DROP TABLE IF EXISTS temp.import_ids")
        try db.execute(
            sql: """
                UPDATE conversations
                SET created_at = COALESCE((SELECT MIN(sent_at) FROM messages WHERE conversation_id = ?), created_at)
                WHERE id = ?
                """,
            arguments: [conversation.id, conversation.id])
    }

    /// Makes the listed branches that have no message, labels the listed branches and
    /// makes the one marked current the conversation's current branch.
    private func applyBranches(conversationID: Int64) throws {
        try makeEmptyBranches()
        for (index, branch) in expectedBranches.enumerated() {
            let lane = branchLanes[index]
            if let missing = branch.firstID ?? branch.forkID, lane == nil {
                throw StoreError.messageNotFound(id: missing)
            }
            if let name = branch.name {
                if let lane {
                    try db.execute(sql: "UPDATE branches SET name = ? WHERE id = ?", arguments: [name, lane])
                } else {
                    try db.execute(
                        sql: "INSERT INTO branches (conversation_id, name) VALUES (?, ?)",
                        arguments: [conversationID, name])
                }
            }
            if branch.isCurrent { try ChatStore.setCurrentBranch(db, conversationID: conversationID, lane: lane) }
        }
    }

    private static func saveParticipant(_ participant: Participant, conversationID: Int64, _ db: Database) throws {
        try db.execute(
            sql:
                "UPDATE conversations SET participant_name = ?, participant_initial = ?, participant_color = ? WHERE id = ?",
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
