import BanterCore
import BanterTestSupport
import Foundation
import GRDB
import Testing

@testable import BanterStore

@Suite("Opening, reopening and sharing a database")
struct StoreLifecycleTests {
    @Test func everythingSurvivesReopening() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("banter.sqlite")
        let rules = GroupingRules(sectionGap: .seconds(600), clusterGap: .seconds(5), headerPattern: "{time}")
        let written: [Message]
        do {
            let store = try ChatStore(path: path)
            let conversation = try store.createConversation(
                title: "alisha", botScriptPath: "bots/alisha.lua", rules: rules, createdAt: referenceTime)
            written = [
                try store.append(conversationID: conversation.id, sender: .me, text: "hi", sentAt: at(1)),
                try store.append(conversationID: conversation.id, sender: .them, text: "hey ☕️", sentAt: at(2)),
            ]
            try store.setMemoryValue("3", conversationID: conversation.id, bot: "Alisha", key: "count")
            try store.setSetting("dark", forKey: "theme")
        }

        let reopened = try ChatStore(path: path)
        let conversation = try #require(try reopened.conversation(titled: "alisha"))
        #expect(conversation.rules == rules)
        #expect(conversation.botScriptPath == "bots/alisha.lua")
        #expect(conversation.createdAt == referenceTime)
        #expect(try reopened.latestPage(conversationID: conversation.id, limit: 10).messages == written)
        #expect(try reopened.memoryValue(conversationID: conversation.id, bot: "Alisha", key: "count") == "3")
        #expect(try reopened.setting("theme") == "dark")
        #expect(try reopened.search("hey").map(\.message) == [written[1]])
    }

    /// A connection closed while statements prepared on it live on lingers in SQLite, which
    /// closes it at the last `sqlite3_finalize` and calls GRDB's rollback hook with a pointer
    /// GRDB has freed by then: processes crashed at exit, a store gone before its kept
    /// statements (a reused scenario connection, released with the process's last store).
    @Test("statements kept for a connection keep it open until they go")
    func keptStatementsOutliveNoConnection() throws {
        let folder = try TemporaryFolder()
        for path in [folder.file("kept.sqlite"), ":memory:"] {
            var store: ChatStore? = try ChatStore(path: path)
            let conversation = try #require(store).createConversation(title: "kept", createdAt: referenceTime)
            try #require(store).setMemoryValue("1", conversationID: conversation.id, bot: "B", key: "k")
            let statements = try #require(store).hotStatements
            weak let connection = store?.dbQueue
            store = nil
            #expect(connection != nil, "the connection closed under a statement still prepared on it")
            withExtendedLifetime(statements) {}
        }
    }

    @Test func committedMessagesSurviveAProcessThatNeverClosed() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("live.sqlite")
        let store = try ChatStore(path: path)
        let conversation = try store.createConversation(title: "live", createdAt: referenceTime)
        let message = try store.append(
            conversationID: conversation.id, sender: .me, text: "sent just before the crash", sentAt: at(0))

        // What a killed process leaves behind: the database and its WAL, never checkpointed or closed.
        let crashed = folder.file("crashed.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: crashed)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: crashed + "-wal")
        let recovered = try ChatStore(path: crashed)
        #expect(try recovered.message(id: message.id) == message)
        #expect(try recovered.conversation(titled: "live") == conversation)
        withExtendedLifetime(store) {}
    }

    @Test func createsMissingFoldersAndUsesWALMode() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/banter.sqlite")
        _ = try ChatStore(path: path).createConversation(title: "x", createdAt: referenceTime)

        let header = try #require(FileManager.default.contents(atPath: path))
        // Bytes 18 and 19 of an SQLite header are the write and read format versions: 2 means WAL.
        #expect(header[18] == 2 && header[19] == 2)
    }

    @Test(arguments: [(Durability.processCrash, 1), (.powerLoss, 2)])
    func durabilityChoosesTheSynchronousMode(durability: Durability, expectedMode: Int) throws {
        let folder = try TemporaryFolder()
        let store = try ChatStore(path: folder.file("banter.sqlite"), durability: durability)
        let mode = try store.dbQueue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(mode == expectedMode)
    }

    @Test func anEmptyFileIsANewDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try ChatStore(path: path)
        #expect(try store.conversationSummaries().isEmpty)
    }

    @Test func inMemoryStoresAreIndependent() throws {
        let first = try ChatStore(path: ":memory:")
        let second = try ChatStore(path: ":memory:")
        _ = try first.createConversation(title: "only here", createdAt: referenceTime)
        #expect(try second.conversation(titled: "only here") == nil)
    }

    @Test func noticesWritesFromAnotherConnectionOnly() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shared.sqlite")
        let mine = try ChatStore(path: path)
        let theirs = try ChatStore(path: path)
        let conversation = try mine.createConversation(title: "shared", createdAt: referenceTime)
        #expect(try mine.hasExternalChanges() == false)

        let message = try theirs.append(
            conversationID: conversation.id, sender: .them, text: "from the other terminal", sentAt: at(1))
        #expect(try mine.hasExternalChanges())
        #expect(try mine.hasExternalChanges() == false)
        #expect(try mine.latestPage(conversationID: conversation.id, limit: 5).messages == [message])

        _ = try mine.append(conversationID: conversation.id, sender: .me, text: "mine", sentAt: at(2))
        #expect(try mine.hasExternalChanges() == false)
    }

    @Test func twoWritersAtOnceBothSucceed() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("busy.sqlite")
        let first = try ChatStore(path: path)
        let second = try ChatStore(path: path)
        let conversation = try first.createConversation(title: "busy", createdAt: referenceTime)
        let perWriter = 150

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in [first, second].enumerated() {
                group.addTask {
                    for n in 0..<perWriter {
                        try store.append(
                            conversationID: conversation.id, sender: index == 0 ? .me : .them,
                            text: "writer \(index) message \(n)", sentAt: at(Int64(n)))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try first.messageCount(conversationID: conversation.id) == 2 * perWriter)
    }

    @Test func readOnlyAccessReadsWithoutWriting() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("banter.sqlite")
        let written: Message
        do {
            let store = try ChatStore(path: path)
            let conversation = try store.createConversation(title: "chat", createdAt: referenceTime)
            written = try store.append(conversationID: conversation.id, sender: .me, text: "hello", sentAt: at(0))
        }
        let before = try #require(FileManager.default.contents(atPath: path))

        let reader = try ChatStore(path: path, access: .readOnly)
        let conversation = try #require(try reader.conversation(titled: "chat"))
        #expect(try reader.latestPage(conversationID: conversation.id, limit: 10).messages == [written])
        #expect(throws: StoreError.self) {
            try reader.append(conversationID: conversation.id, sender: .me, text: "refused", sentAt: at(1))
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func readOnlyAccessSeesWhatAWriterCommitted() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("live.sqlite")
        let writer = try ChatStore(path: path)
        let conversation = try writer.createConversation(title: "live", createdAt: referenceTime)
        let first = try writer.append(conversationID: conversation.id, sender: .me, text: "one", sentAt: at(0))

        let reader = try ChatStore(path: path, access: .readOnly)
        #expect(try reader.latestPage(conversationID: conversation.id, limit: 10).messages == [first])
        let second = try writer.append(conversationID: conversation.id, sender: .them, text: "two", sentAt: at(1))
        #expect(try reader.hasExternalChanges())
        #expect(try reader.latestPage(conversationID: conversation.id, limit: 10).messages == [first, second])
    }

    @Test func readOnlyAccessCreatesAMissingDatabaseLikeAWriter() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("new/banter.sqlite")
        let store = try ChatStore(path: path, access: .readOnly)
        #expect(try store.mostRecentlyActiveConversation() == nil)
        let header = try #require(FileManager.default.contents(atPath: path))
        #expect(header[18] == 2 && header[19] == 2)
    }
}
