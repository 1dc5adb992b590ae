import BanterCore
import BanterTestSupport
import GRDB
import Testing

@testable import BanterStore

/// The declared message fields in the database: columns added by their own migrations,
/// read by name, NULL (each field's default) in every row written before them.
@Suite("Store: declared message fields")
struct MessageFieldStoreTests {
    @Test func everyDeclaredFieldRoundTripsThroughTheStore() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let first = try store.append(conversationID: conversation.id, sender: .me, text: "first", sentAt: at(0))
        let new = NewMessage(
            conversationID: conversation.id, sender: .them, text: "second", sentAt: at(1),
            fields: .samples(messageID: first.id))
        let stored = try store.append(contentsOf: [new])[0]
        #expect(stored.fields == .samples(messageID: first.id))
        let read = try #require(try store.message(id: stored.id))
        #expect(read == stored)
        for field in MessageField.all {
            #expect(read.fields[field] == field.sample(messageID: first.id), "\(field)")
        }
        #expect(read.sender.participant == MessageField.participant.sample(messageID: 0).text)
        #expect(try store.lastMessage(conversationID: conversation.id, from: read.sender)?.id == read.id)
        #expect(try store.lastMessage(conversationID: conversation.id, from: .them) == nil, "another participant")
        #expect(
            try store.latestPage(conversationID: conversation.id, limit: 5).messages.map(\.fields) == [
                MessageFieldValues(), read.fields,
            ])
    }

    /// Deleting a message clears the declared fields that are content (its actions) and
    /// keeps the others (who sent it, where it is in its branch).
    @Test func deletingAMessageClearsItsContentFieldsOnly() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let first = try store.append(conversationID: conversation.id, sender: .me, text: "first", sentAt: at(0))
        let message = try store.append(contentsOf: [
            NewMessage(
                conversationID: conversation.id, sender: .them, text: "pick", sentAt: at(1),
                fields: .samples(messageID: first.id))
        ])[0]
        try store.delete(messageID: message.id, at: at(2))
        let deleted = try #require(try store.message(id: message.id))
        for field in MessageField.all {
            #expect(deleted.fields[field] == (field.isContent ? .null : field.sample(messageID: first.id)), "\(field)")
        }
    }

    /// Queries find columns by name: the same rows selected in another order read the same.
    @Test func columnsAreReadByNameInAnyOrder() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let first = try store.append(conversationID: conversation.id, sender: .me, text: "first", sentAt: at(0))
        try store.append(contentsOf: [
            NewMessage(
                conversationID: conversation.id, sender: .them, text: "second", sentAt: at(1),
                fields: .samples(messageID: first.id))
        ])
        let reversed = MessageRecord.columnNames.reversed().joined(separator: ", ")
        let (inOrder, shuffled) = try store.dbQueue.read { db in
            (
                try ChatStore.fetchMessages(
                    db, sql: "SELECT \(MessageRecord.columns) FROM messages ORDER BY id", arguments: []),
                try ChatStore.fetchMessages(
                    db, sql: "SELECT 'x' AS unrelated, \(reversed) FROM messages ORDER BY id", arguments: [])
            )
        }
        #expect(inOrder.count == 2 && inOrder == shuffled)
    }

    /// A database left at any earlier migration opens, and its rows read with every
    /// declared field at its default: no participant name, the straight line, no actions.
    @Test(arguments: Migrations.migrator.migrations.dropLast(Self.declaredMigrations.count))
    func aDatabaseFromAnEarlierVersionReadsWithTheNewFieldsAtTheirDefaults(upTo migration: String) throws {
        let folder = try TemporaryFolder()
        let path = try oldDatabase(upTo: migration, in: folder, texts: ("old", "older reply"))
        let store = try ChatStore(path: path)
        let messages = try store.latestPage(conversationID: 1, limit: 10).messages
        #expect(
            messages == [
                Message(
                    id: 1, conversationID: 1, sender: .them, text: "old",
                    sentAt: Timestamp(millisecondsSince1970: 1000), status: .read),
                Message(
                    id: 2, conversationID: 1, sender: .me, text: "older reply",
                    sentAt: Timestamp(millisecondsSince1970: 2000)),
            ])
        #expect(
            messages.allSatisfy {
                $0.fields.isEmpty && $0.parentID == nil && $0.actions == nil && $0.sender.participant == nil
            })
        #expect(try store.participants(conversationID: 1).isEmpty)
        let columns = try store.dbQueue.read { db in try db.columns(in: "messages").map(\.name) }
        #expect(Set(MessageField.all.map(\.column)).isSubset(of: columns))
    }

    /// The migrations registered from the declaration, one per distinct name.
    static let declaredMigrations = MessageField.all.reduce(into: [String]()) { names, field in
        if !names.contains(field.migration) { names.append(field.migration) }
    }

    @Test func aValueOfTheWrongKindInAColumnIsAnUnreadableRow() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let message = try store.append(conversationID: conversation.id, sender: .me, text: "x", sentAt: at(0))
        try store.dbQueue.write { db in
            try db.execute(sql: "UPDATE messages SET parent_id = 'three' WHERE id = ?", arguments: [message.id])
        }
        #expect(throws: StoreError.self) { try store.message(id: message.id) }
    }

    @Test func participantsAreStoredInOrderWithUniqueNames() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let group = [
            Participant(name: "You", kind: .you), Participant(name: "Triage", initial: "T", color: "#336699"),
            Participant(name: "Bob", kind: .person),
        ]
        try store.setParticipants(group, conversationID: conversation.id)
        #expect(try store.participants(conversationID: conversation.id) == group)
        #expect(throws: StoreError.participantNameTaken(name: "Bob")) {
            try store.setParticipants(group + [Participant(name: "Bob")], conversationID: conversation.id)
        }
        #expect(try store.participants(conversationID: conversation.id) == group, "nothing changed")
        #expect(throws: StoreError.conversationNotFound(id: 99)) {
            try store.setParticipants(group, conversationID: 99)
        }
    }
}
