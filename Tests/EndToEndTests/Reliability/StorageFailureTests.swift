import BanterTestSupport
import Foundation
import Testing

/// A full disk and a database that turns read-only under a running `banter chat`: sending
/// fails with one clear line, the message is not shown as sent, the REPL carries on, and
/// what was stored before is intact. The disk is a real 1 MiB tmpfs filled to the last
/// byte; "read-only" is `chattr +i` on the database, its WAL and its folder (root ignores
/// permission bits).
@Suite("Reliability: full disk and read-only database", .serialized, .enabled(if: SmallFileSystem.isAvailable))
struct StorageFailureTests {
    static let bot = """
        bot { name = "Echo" }
        fallback(function(msg, chat) chat:reply("got " .. msg.text) end)
        """

    static let arguments = ["--width", "60", "--border", "ascii", "--no-animation"]

    @Test func fullDiskRefusesTheMessageAndTheChatCarriesOn() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("echo.lua", Self.bot)
        let disk = try SmallFileSystem(kilobytes: 1024)
        let database = disk.path("chat.sqlite")
        let banter = try RunningBanter(["chat", "--db", database, "--bot", bot] + Self.arguments)

        for text in ["<before-1>", "<before-2>"] {
            banter.send(text)
            #expect(banter.waitFor("got \(text)"), "\(banter.printedText)")
        }
        disk.fill()
        #expect(disk.freeBytes == 0)
        banter.send("<while-full> " + String(repeating: "x", count: 3000))
        #expect(banter.waitFor("database or disk is full"), "\(banter.printedText)")
        banter.send("<while-full-2>")
        #expect(banter.waitFor("database or disk is full", count: 2), "\(banter.printedText)")
        banter.send("/search before")
        #expect(banter.waitFor("4 messages with \"before\""), "the REPL stopped answering: \(banter.printedText)")

        try FileManager.default.removeItem(atPath: disk.path("filler"))
        banter.send("<after>")
        #expect(banter.waitFor("got <after>"), "no recovery once space was free: \(banter.printedText)")
        let output = banter.endInput()
        #expect(banter.termination.status == 0)

        #expect(!output.contains("<while-full"), "a refused message was shown:\n\(output)")
        let errors = output.split(separator: "\n").filter { $0.contains("disk is full") }
        #expect(errors.count == 2)
        for line in errors {
            #expect(line.hasPrefix("error: Could not save"), "\(line)")
            #expect(line.contains(database) && line.contains("Check free disk space"), "\(line)")
        }
        let check = DatabaseCheck(path: database)
        #expect(try check.integrity() == "ok")
        #expect(
            try check.texts(conversation: "echo") == [
                "<before-1>", "got <before-1>", "<before-2>", "got <before-2>", "<after>", "got <after>",
            ])
    }

    @Test func databaseTurningReadOnlyRefusesTheMessageAndTheChatCarriesOn() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("echo.lua", Self.bot)
        let folder = fixture.path("data")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/chat.sqlite"
        let banter = try RunningBanter(["chat", "--db", database, "--bot", bot] + Self.arguments)
        banter.send("<before>")
        #expect(banter.waitFor("got <before>"), "\(banter.printedText)")

        // The -shm file stays writable: SQLite maps it into memory, and making a mapped file
        // immutable kills the process with SIGBUS, which no program can turn into an error.
        let frozen = [database, database + "-wal", folder]
        try SmallFileSystem.run("/usr/bin/chattr", ["+i"] + frozen)
        do {
            defer { try? SmallFileSystem.run("/usr/bin/chattr", ["-i"] + frozen) }
            banter.send("<while-read-only>")
            #expect(banter.waitFor("error: Could not save"), "\(banter.printedText)")
            banter.send("/search before")
            #expect(banter.waitFor("2 messages with \"before\""), "the REPL stopped answering: \(banter.printedText)")
        }
        banter.send("<after>")
        #expect(banter.waitFor("got <after>"), "no recovery once writable again: \(banter.printedText)")
        let output = banter.endInput()
        #expect(banter.termination.status == 0)

        #expect(!output.contains("<while-read-only>"), "a refused message was shown:\n\(output)")
        let check = DatabaseCheck(path: database)
        #expect(try check.integrity() == "ok")
        #expect(try check.texts(conversation: "echo") == ["<before>", "got <before>", "<after>", "got <after>"])
    }

    @Test func readOnlyDatabaseAtStartIsRefusedWithOneClearLineAndLeftAlone() throws {
        let fixture = try ChatFixture()
        let database = fixture.path("chat.sqlite")
        _ = try fixture.chat(["--db", database], input: "<stored>\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        try SmallFileSystem.run("/usr/bin/chattr", ["+i", database, fixture.folder.path])
        defer { try? SmallFileSystem.run("/usr/bin/chattr", ["-i", database, fixture.folder.path]) }

        let result = try fixture.chat(["--db", database], input: "<refused>\n")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(
            lines.first?.hasPrefix("banter: Cannot use the Banter database at \(database)") == true,
            "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }
}
