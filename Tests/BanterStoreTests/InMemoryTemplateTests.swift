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

    // MARK: - Reused stores

    /// Every table's rows, by table name, and the schema: what "a fresh database" means.
    static func contents(of store: ChatStore) throws -> [String: [Row]] {
        try store.dbQueue.inDatabase { db in
            var contents: [String: [Row]] = [:]
            for table in try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
            {
                contents[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
            }
            contents["sqlite_master"] = try Row.fetchAll(
                db, sql: "SELECT type, name, sql FROM sqlite_master WHERE type != 'trigger' ORDER BY name")
            return contents
        }
    }

    /// Writes a little of everything a scenario writes.
    func fill(_ store: ChatStore, title: String = "scenario") throws -> [Message] {
        let conversation = try store.createConversation(title: title, createdAt: start)
        let messages = try store.append(
            contentsOf: ["hello there", "café au lait", "the cafe is closed"].enumerated().map {
                NewMessage(conversationID: conversation.id, sender: .me, text: $1, sentAt: start + .seconds($0))
            })
        try store.updateStatus(messageID: messages[0].id, to: .read)
        try store.markRead(upTo: messages[2])
        try store.setMemoryValue("\"Sam\"", conversationID: conversation.id, bot: "alisha.lua", key: "name")
        try store.setSetting("on", forKey: "scenario-setting")
        return messages
    }

    @Test func aReusedStoreStartsFromTheTemplatesContentOnTheSameConnection() throws {
        let template = try InMemoryTemplate()
        let expected = try Self.contents(of: template.makeStore())
        var first: ChatStore? = try template.makeReusedStore()
        let connection = ObjectIdentifier(first!.dbQueue)
        let written = try fill(first!)
        #expect(try Self.contents(of: first!) != expected)
        first = nil

        let second = try template.makeReusedStore()
        #expect(ObjectIdentifier(second.dbQueue) == connection)
        #expect(try Self.contents(of: second) == expected)
        #expect(try fill(second).map(\.id) == written.map(\.id))
    }

    @Test func aStoreStillInUseIsNeverRewound() throws {
        let template = try InMemoryTemplate()
        let first = try template.makeReusedStore()
        _ = try fill(first)
        let second = try template.makeReusedStore()
        #expect(ObjectIdentifier(second.dbQueue) != ObjectIdentifier(first.dbQueue))
        #expect(try first.conversation(titled: "scenario") != nil)
        #expect(try second.conversation(titled: "scenario") == nil)
    }

    @Test func searchingAReusedStoreFindsWhatAnIndexedStoreFinds() throws {
        let template = try InMemoryTemplate()
        let indexed = try template.makeStore()
        var reused: ChatStore? = try template.makeReusedStore()
        for store in [indexed, reused!] {
            _ = try fill(store)
            _ = try fill(store, title: "other")
            try store.deleteConversation(id: 2)
        }
        #expect(try reused!.search("cafe") == indexed.search("cafe"))
        #expect(try reused!.search("cafe").count == 2)

        // Once searched, the index follows every change, as an indexed store's does (the
        // schema is the same but for the change log's triggers, see `UnwatchedChangeLog`).
        let schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
        let writesChangeLog = { (row: Row) in
            DeferredSearchIndex.Triggers.onlyWritesIndex(row["sql"] ?? "", tables: [UnwatchedChangeLog.table])
        }
        #expect(
            try reused!.dbQueue.inDatabase { try Row.fetchAll($0, sql: schema) }
                == indexed.dbQueue.inDatabase { try Row.fetchAll($0, sql: schema) }.filter { !writesChangeLog($0) })
        for store in [indexed, reused!] {
            _ = try fill(store, title: "third")
            try store.deleteConversation(id: 1)
        }
        #expect(try reused!.search("cafe") == indexed.search("cafe"))
        #expect(try reused!.search("hello").count == 1)
        reused = nil

        // The next run starts without the index again, and still finds what it wrote.
        let next = try template.makeReusedStore()
        #expect(try next.search("hello").isEmpty)
        _ = try fill(next)
        #expect(try next.search("hello").map(\.message.text) == ["hello there"])
    }

    @Test func onlyTriggersThatJustFeedTheIndexAreDeferred() throws {
        let store = try ChatStore(path: ":memory:")
        // Banter's own schema qualifies: without this, scenarios pay for the index again.
        let triggers = try store.dbQueue.inDatabase { try DeferredSearchIndex.Triggers.drop(in: $0) }
        #expect(triggers?.tables == ["messages_fts"])
        #expect(triggers?.definitions.count == 3)

        let other = """
            CREATE TRIGGER t AFTER INSERT ON messages BEGIN
                INSERT INTO messages_fts(rowid, text) VALUES (new.id, new.text);
                UPDATE conversations SET title = title WHERE id = new.conversation_id;
            END
            """
        #expect(!DeferredSearchIndex.Triggers.onlyWritesIndex(other, tables: ["messages_fts"]))
        let kept = try ChatStore(path: ":memory:")
        let triggerCount = "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'"
        let (found, before, after) = try kept.dbQueue.inDatabase { db in
            try db.execute(sql: other)
            let before = try Int.fetchOne(db, sql: triggerCount)
            return (try DeferredSearchIndex.Triggers.drop(in: db), before, try Int.fetchOne(db, sql: triggerCount))
        }
        #expect(found == nil)
        #expect(after == before, "nothing dropped")
    }

    @Test func aReusedStoreKeepsNoChangeLogSinceNoOtherProcessCanWatchIt() throws {
        let template = try InMemoryTemplate()
        let reused = try template.makeReusedStore()
        let copy = try template.makeStore()
        for store in [reused, copy] {
            let messages = try fill(store)
            _ = try store.react(messageID: messages[1].id, emoji: "👍", sender: .them, at: start)
            // Nobody else can write to an in-memory database: the log is never read.
            #expect(try !store.hasExternalChanges())
        }
        let logged = "SELECT count(*) FROM message_changes"
        #expect(try reused.dbQueue.inDatabase { try Int.fetchOne($0, sql: logged) } == 0)
        #expect(try copy.dbQueue.inDatabase { try Int.fetchOne($0, sql: logged) } ?? 0 > 0)
        // Only the triggers that insert into the log are gone; those that trim it stay.
        let triggers =
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'message_changes%' ORDER BY name"
        #expect(
            try reused.dbQueue.inDatabase { try String.fetchAll($0, sql: triggers) }
                == ["message_changes_after_conversation_delete", "message_changes_bounded"])
    }

    @Test func aReusedStoreSkipsOnlyTheChecksTheStoreGuarantees() throws {
        let template = try InMemoryTemplate()
        let reused = try template.makeReusedStore()
        // Skipped exactly when the schema's checks are all guaranteed (see the next test for
        // which are); when skipped, SQLite really no longer checks them.
        // The current schema's checks are all guaranteed: a new CHECK must come with its
        // guarantee in `GuaranteedChecks`, or every scenario pays for all of them again.
        #expect(try ChatStore(path: ":memory:").dbQueue.inDatabase(GuaranteedChecks.coverSchema))
        #expect(reused.skipsCheckConstraints)
        let conversation = try reused.createConversation(title: "memory", createdAt: start)
        let unchecked = Result {
            try reused.dbQueue.inDatabase { db in
                try db.execute(
                    sql:
                        "INSERT INTO messages (conversation_id, sender, text, sent_at, status) VALUES (?, 'nobody', '', 0, 'sent')",
                    arguments: [conversation.id])
            }
        }
        #expect((try? unchecked.get()) != nil)
        // What SQLite no longer checks, the store does: a clear refusal.
        let message = try reused.append(conversationID: conversation.id, sender: .system, text: "joined", sentAt: start)
        for change in [ChatStore.ReactionChange.toggle, .add, .remove] {
            #expect(throws: StoreError.systemCannotReact(messageID: message.id)) {
                try reused.react(messageID: message.id, emoji: "👍", sender: .system, at: start, change: change)
            }
        }
        #expect(try reused.message(id: message.id)?.reactions == [])
        #expect(throws: StoreError.invalidMemoryValue(bot: "Alisha", key: "count")) {
            try reused.setMemoryValue("{not json", conversationID: conversation.id, bot: "Alisha", key: "count")
        }
        try reused.setMemoryValue("[1, 2]", conversationID: conversation.id, bot: "Alisha", key: "count")
        #expect(try reused.memoryValue(conversationID: conversation.id, bot: "Alisha", key: "count") == "[1, 2]")
        #expect(try !template.makeStore().skipsCheckConstraints)
    }

    @Test func checksAreSkippedOnlyWhenTheStoreGuaranteesEveryOne() throws {
        #expect(
            GuaranteedChecks.checks(
                in: """
                    CREATE TABLE t (a TEXT CHECK (a IN ('x', ')')), checked_at INTEGER,
                        b TEXT NOT NULL CHECK(json_valid( b )))
                    """) == ["a IN ('x', ')')", "json_valid( b )"])
        // The checks written out as Banter's schema has them are all guaranteed; a check that
        // allows fewer values than the store binds to that table, or one in another table, is not.
        let queue = try DatabaseQueue()
        let (covered, narrower, elsewhere) = try queue.inDatabase { db in
            try db.execute(
                sql: """
                    CREATE TABLE messages (
                        sender TEXT NOT NULL CHECK (sender IN ('me', 'them', 'system')),
                        status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'delivered', 'read')));
                    CREATE TABLE bot_memory (value TEXT NOT NULL CHECK (json_valid(value)));
                    CREATE TABLE reactions (sender TEXT NOT NULL CHECK (sender IN ('me', 'them')))
                    """)
            let covered = try GuaranteedChecks.coverSchema(of: db)
            try db.execute(sql: "CREATE TABLE quotes (sender TEXT NOT NULL CHECK (sender IN ('me', 'them')))")
            let narrower = try GuaranteedChecks.coverSchema(of: db)
            try db.execute(sql: "DROP TABLE quotes; CREATE TABLE notes (value TEXT CHECK (json_valid(value)))")
            return (covered, narrower, try GuaranteedChecks.coverSchema(of: db))
        }
        #expect(covered)
        #expect(!narrower)
        #expect(!elsewhere)
    }
}
