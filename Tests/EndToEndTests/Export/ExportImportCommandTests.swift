import BanterTestSupport
import Foundation
import Testing

/// `banter export` and `banter import` on the real binary: a chat exported as JSON comes
/// back identical under a new name; Markdown and HTML carry the transcript; bad files and
/// taken names are one clear line.
@Suite struct ExportImportCommandTests {
    static let bot = """
        bot { name = "Echo", greeting = "Echo is listening" }
        on_message(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """

    /// A database holding one conversation "talk" with a bot, a section break and a cluster.
    private func chatted() throws -> (ChatFixture, String) {
        let fixture = try ChatFixture()
        let bot = try fixture.write("echo.lua", Self.bot)
        let db = fixture.path("chat.sqlite")
        let chat = try fixture.chat(
            ["--bot", bot, "--db", db, "--conversation", "talk"] + ChatFixture.reproducible,
            input: "hi <b>\n/wait 2h\nstill there?\n")
        #expect(chat.status == 0, "\(chat.standardError)")
        return (fixture, db)
    }

    @Test func jsonRoundTripsIntoANewConversation() throws {
        let (fixture, db) = try chatted()
        let file = fixture.path("talk.json")
        let export = try BanterBinary.run([
            "export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file,
        ])
        #expect(export.status == 0, "\(export.standardError)")

        let imported = try BanterBinary.run(["import", file, "--db", db, "--conversation", "copy"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "Imported 5 messages into \"copy\".\n")

        let render = { (name: String) in
            try BanterBinary.run(["render", "--db", db, "--conversation", name, "--all", "--width", "50"])
                .standardOutput
        }
        let original = try render("talk"), copy = try render("copy")
        #expect(copy == original)
        #expect(original.contains("echo: still there?"))
    }

    @Test("--output to a named pipe writes through it, and to a symbolic link replaces the file it leads to")
    func outputThatIsNotARegularFileStaysWhatItIs() throws {
        let (fixture, db) = try chatted()
        let pipe = fixture.path("pipe.md")
        #expect(mkfifo(pipe, 0o600) == 0)
        // Another program reads the pipe: the export goes through it, and it stays a pipe.
        let reader = FifoReader(pipe)
        let toPipe = try BanterBinary.run(["export", "--db", db, "--format", "markdown", "-o", pipe])
        #expect(toPipe.status == 0, "\(toPipe.standardError)")
        let received = String(decoding: reader.received() ?? Data(), as: UTF8.self)
        #expect(received.hasPrefix("# talk\n"))
        var info = stat()
        #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe was replaced by a file")

        let target = try fixture.write("kept.md", "old\n")
        let link = fixture.path("link.md")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let toLink = try BanterBinary.run(["export", "--db", db, "--format", "markdown", "-o", link])
        #expect(toLink.status == 0, "\(toLink.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# talk\n"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).allSatisfy {
                !$0.hasSuffix(".partial")
            })
    }

    @Test func markdownAndHTMLCarryTheTranscriptSafely() throws {
        let (fixture, db) = try chatted()
        defer { withExtendedLifetime(fixture) {} }
        let markdown = try BanterBinary.run(["export", "--db", db, "--format", "markdown"])
        #expect(markdown.status == 0, "\(markdown.standardError)")
        #expect(markdown.standardOutput.hasPrefix("# talk\n"))
        #expect(markdown.standardOutput.contains("**Echo:** echo: hi \\<b\\>"))

        let html = try BanterBinary.run(["export", "--db", db, "--format", "html"])
        #expect(html.status == 0)
        #expect(html.standardOutput.contains("hi &lt;b&gt;"))
        #expect(!html.standardOutput.contains("<b>"))
    }

    @Test func importRefusesATakenNameAndBadFiles() throws {
        let (fixture, db) = try chatted()
        let file = fixture.path("talk.json")
        _ = try BanterBinary.run(["export", "--db", db, "--format", "json", "-o", file])

        let taken = try BanterBinary.run(["import", file, "--db", db])
        #expect(taken.status == 1)
        #expect(
            taken.standardError
                == "banter: a conversation named \"talk\" already exists; import under another name with --conversation NAME\n"
        )

        let notJSON = try fixture.write("notes.json", "hello")
        let bad = try BanterBinary.run(["import", notJSON, "--db", db])
        #expect(bad.status == 1)
        #expect(bad.standardError.hasPrefix("banter: \(notJSON): "))
        #expect(bad.standardError.split(separator: "\n").count == 1)

        let folder = try BanterBinary.run(["import", fixture.folder.path, "--db", db])
        #expect(folder.standardError == "banter: \(fixture.folder.path) is a folder, not a transcript file\n")
    }

    @Test func exportOfAMissingConversationIsOneLine() throws {
        let (fixture, db) = try chatted()
        defer { withExtendedLifetime(fixture) {} }
        let result = try BanterBinary.run(["export", "--db", db, "--conversation", "nope", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("banter: there is no conversation named \"nope\""))
    }

    @Test("a version 1 file, as earlier Banters wrote it, still imports; the help says which formats exist")
    func legacyFileAndHelp() throws {
        let fixture = try ChatFixture()
        let legacy = Repository.url("Tests/BanterExportTests/Goldens/legacy-v1.json").path
        let result = try BanterBinary.run(["import", legacy, "--db", fixture.path("old.sqlite")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Imported 16 messages into \"Alisha & me\".\n")

        let help = try BanterBinary.run(["import", "--help"]).standardOutput
        #expect(help.contains("Version 2, JSON Lines"))
        #expect(help.contains("Version 1, one JSON document"))
        #expect(help.contains("The first line tells which"))
    }
}
