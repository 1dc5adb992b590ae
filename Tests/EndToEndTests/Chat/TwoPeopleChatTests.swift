import BanterTestSupport
import Foundation
import Testing

/// `banter chat --as them`: the second person of a conversation. What they type is stored
/// from `them` and the transcript is mirrored for them; no bot speaks for them.
@Suite(.serialized) struct TwoPeopleChatTests {
    @Test func pipedAsThemStoresTheirMessagesAndMirrorsTheTranscript() throws {
        let fixture = try ChatFixture()
        let database = fixture.path("pair.sqlite")
        let input = "hello from them\n/as me hi back\n/as them nope\n"
        let result = try fixture.chat(
            ["--as", "them", "--db", database, "--conversation", "pair"] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        // Their own message on the right, the user's on the left; `/as` names the user.
        let expected = [
            "              Today 19:00",
            "                   +-----------------+ ",
            "                   | hello from them | ",
            "                   +-----------------+\\",
            "",
            " +---------+",
            " | hi back |",
            "/+---------+",
            "error: you already speak as them: just type the message (usage: /as me TEXT | /as NAME TEXT)",
        ]
        #expect(result.standardOutput == expected.joined(separator: "\n") + "\n")
        #expect(
            try DatabaseCheck(path: database).messageCounts() == [
                DatabaseCheck.Key(sender: "them", text: "hello from them"): 1,
                DatabaseCheck.Key(sender: "me", text: "hi back"): 1,
            ])

        // The user's view of the same conversation is the mirror image.
        let user = try fixture.chat(
            ["--db", database, "--conversation", "pair"] + ChatFixture.reproducible, input: "")
        #expect(
            user.standardOutput == [
                "              Today 19:00",
                " +-----------------+",
                " | hello from them |",
                "/+-----------------+",
                "",
                "                           +---------+ ",
                "                           | hi back | ",
                "                           +---------+\\",
            ].joined(separator: "\n") + "\n")
    }

    @Test func aBotIsRefusedAndAStoredOneStaysSilent() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write(
            "echo.lua",
            """
            bot { name = "Echo" }
            fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)
            """)
        let database = fixture.path("chat.sqlite")

        let refused = try fixture.chat(["--as", "them", "--bot", bot, "--db", database], input: "hi\n")
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("--bot cannot be used with --as them"))
        #expect(refused.standardOutput == "")
        #expect(!FileManager.default.fileExists(atPath: database))

        // The user chats with the bot, which the conversation remembers.
        let user = try fixture.chat(["--bot", bot, "--db", database] + ChatFixture.reproducible, input: "ping\n")
        #expect(user.standardOutput.contains("echo: ping"))

        // Speaking as the other side: the bot does not answer, a notice says so once, and
        // /bot and /reload are refused.
        let them = try fixture.chat(
            ["--as", "them", "--conversation", "echo", "--db", database] + ChatFixture.reproducible,
            input: "pong\n/bot \(bot)\n/reload\n")
        #expect(them.status == 0)
        let notice = "you speak as Echo here, so the conversation's bot (echo.lua) does not run"
        // The notice is centred and wrapped like every system line.
        let words = them.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.components(separatedBy: notice).count == 2, "\(them.standardOutput)")
        #expect(them.standardOutput.contains("pong"))
        #expect(!them.standardOutput.contains("echo: pong"))
        let errors = them.standardOutput.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.contains("--as them") })
        #expect(try DatabaseCheck(path: database).messageCounts()[DatabaseCheck.Key(sender: "them", text: "pong")] == 1)
    }

    /// Two real terminals on one database: the user in one, the other side (`--as them`) in
    /// the other. Each sees what the other typed, drawn on the received side, and its own
    /// messages on the sent side.
    @Test func twoTerminalsTalkToEachOther() throws {
        let fixture = try ChatFixture()
        let database = fixture.path("shared.sqlite")
        func start(_ extra: String) throws -> TmuxSession {
            let command =
                "'\(BanterBinary.url.path)' chat --db '\(database)' --conversation pair --no-animation \(extra)"
            return try TmuxSession(command: command, width: 80, height: 30, environment: ["HOME": fixture.folder.path])
        }
        let me = try start("")
        let them = try start("--as them")
        try me.waitFor(text: "Message pair…")
        try them.waitFor(text: "Message as pair…")

        for round in 0..<3 {
            try me.type("<me-\(round)>")
            try me.send("Enter")
            try them.waitFor(text: "<me-\(round)>", timeout: 10)
            try them.type("<them-\(round)>")
            try them.send("Enter")
            try me.waitFor(text: "<them-\(round)>", timeout: 10)
        }

        // The same message sits on opposite sides of the two screens.
        func column(of text: String, in terminal: TmuxSession) throws -> Int {
            let screen = try terminal.waitFor(text: text)
            let row = try #require(screen.first { $0.contains(text) })
            return row.distance(from: row.startIndex, to: try #require(row.firstIndex(of: "<")))
        }
        #expect(try column(of: "<me-2>", in: me) > 40)
        #expect(try column(of: "<me-2>", in: them) < 10)
        #expect(try column(of: "<them-2>", in: me) < 10)
        #expect(try column(of: "<them-2>", in: them) > 40)

        for (name, terminal) in [("me", me), ("them", them)] {
            let history = try terminal.history()
            let complaints = history.split(separator: "\n").filter { $0.contains("locked") || $0.contains("error") }
            #expect(complaints.isEmpty, "\(name) showed \(complaints)")
        }
        let stored = try DatabaseCheck(path: database).messageCounts()
        for round in 0..<3 {
            #expect(stored[DatabaseCheck.Key(sender: "me", text: "<me-\(round)>")] == 1)
            #expect(stored[DatabaseCheck.Key(sender: "them", text: "<them-\(round)>")] == 1)
        }
        for terminal in [me, them] {
            try terminal.type("/quit")
            try terminal.send("Enter")
        }
    }
}
