import BanterCore
import GRDB
import Testing
@testable import BanterStore

/// Stores copied from a migrated template: each is a fresh, independent database at the
/// current schema, as `ChatStore(path: ":memory:")` would give.
@Suite struct InMemoryTemplateTests {
    let start = Timestamp(millisecondsSince1970: 1_763_665_200_000)

    @Test func copiesAreFreshAndIndependent() throws {
        let template = try InMemoryTemplate()
        let first = try template.makeStore()
        let second = try template.makeStore()
        let conversation = try first.createConversation(title: "only here", createdAt: start)
        let message = try first.append(conversationID: conversation.id, sender: .me, text: "hello", sentAt: start)
        #expect(try second.conversation(titled: "only here") == nil)

        // The second copy starts where a new database starts: the same ids, nothing found.
        let again = try second.createConversation(title: "only here", createdAt: start)
        let other = try second.append(conversationID: again.id, sender: .me, text: "hello", sentAt: start)
        #expect(again.id == conversation.id)
        #expect(other.id == message.id)
        #expect(try second.search("hello").count == 1)
        #expect(try template.makeStore().conversation(titled: "only here") == nil)
    }

    @Test func copiesHaveTheSchemaOfAMigratedDatabase() throws {
        let schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
        let migrated = try ChatStore(path: ":memory:")
        let copied = try InMemoryTemplate().makeStore()
        let expected = try migrated.dbQueue.read { db in try Row.fetchAll(db, sql: schema) }
        let actual = try copied.dbQueue.read { db in try Row.fetchAll(db, sql: schema) }
        #expect(!expected.isEmpty)
        #expect(actual == expected)
    }
}
