import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import GRDB
import Testing

/// Every file Banter refuses gets its own clear error and stays byte-identical.
@Suite("Refusing bad database files")
struct BadFileTests {
    /// The error opening `path` gives; a reader (`access: .readOnly`) must get the same one.
    private func openingError(at path: String) -> StoreError? {
        let errors = [Access.readWrite, .readOnly].map { access -> StoreError? in
            do throws(StoreError) {
                _ = try ChatStore(path: path, access: access)
                return nil
            } catch {
                return error
            }
        }
        #expect(errors[0] == errors[1], "a reader and a writer are refused alike")
        return errors[0]
    }

    /// A closed Banter database with one conversation and a message.
    private func makeBanterDatabase(at path: String) throws {
        let store = try ChatStore(path: path)
        let conversation = try store.createConversation(title: "chat", createdAt: referenceTime)
        try store.append(conversationID: conversation.id, sender: .me, text: "hello", sentAt: at(0))
    }

    private func contents(_ path: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: path))
    }

    @Test func aFileThatIsNotADatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        try Data(String(repeating: "just some notes, not SQLite\n", count: 200).utf8).write(
            to: URL(fileURLWithPath: path))
        let before = try contents(path)

        let error = try #require(openingError(at: path))
        guard case .notADatabase(path, _) = error else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(error.description.hasPrefix("\(path) is not a Banter database (SQLite says: file is not a database)"))
        #expect(try contents(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test func aCorruptDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("banter.sqlite")
        try makeBanterDatabase(at: path)
        var bytes = try contents(path)
        // Page 1 after the 100-byte file header holds the schema table's b-tree: scramble it.
        for index in 100..<1024 { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))

        let error = try #require(openingError(at: path))
        guard case .corrupt(path, _) = error else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(error.description.contains("is damaged"))
        #expect(try contents(path) == bytes)
    }

    @Test func aDatabaseFromANewerBanter() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("banter.sqlite")
        try makeBanterDatabase(at: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        let before = try contents(path)

        let error = openingError(at: path)
        #expect(error == .newerSchema(path: path, unknownMigrations: ["v99-from-the-future"]))
        #expect(error?.description.contains("newer version of Banter") == true)
        #expect(try contents(path) == before)
    }

    @Test func anotherProgramsDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("contacts.sqlite")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ann')")
        }
        let before = try contents(path)

        #expect(openingError(at: path) == .foreignDatabase(path: path, tables: ["contacts"]))
        #expect(try contents(path) == before)
    }

    @Test func aPathThatIsAFolder() throws {
        let folder = try TemporaryFolder()
        let error = openingError(at: folder.path)
        #expect(error == .pathIsDirectory(path: folder.path))
        #expect(error?.description.contains("it is a folder") == true)
    }

    @Test func aNewDatabaseInAFolderThatCannotBeWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("banter.sqlite")
        try withUnwritableFolder(folder.path) {
            #expect(openingError(at: path) == .folderNotWritable(folder: folder.path, path: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anExistingDatabaseInAFolderThatCannotBeWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("banter.sqlite")
        try makeBanterDatabase(at: path)
        let before = try contents(path)
        try withUnwritableFolder(folder.path) {
            let error = openingError(at: path)
            #expect(error == .folderNotWritable(folder: folder.path, path: path))
            #expect(error?.description.contains("not writable") == true)
        }
        #expect(try contents(path) == before)
    }

    @Test func aFolderThatCannotBeCreated() throws {
        let folder = try TemporaryFolder()
        let blocker = folder.file("file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let path = blocker + "/sub/banter.sqlite"
        guard case .cannotCreateFolder(let failed, _) = openingError(at: path) else {
            Issue.record("expected cannotCreateFolder")
            return
        }
        #expect(failed == blocker + "/sub")
    }

    @Test func anEmptyPath() {
        #expect(openingError(at: "") == .cannotOpen(path: "", reason: "the path is empty"))
    }
}
