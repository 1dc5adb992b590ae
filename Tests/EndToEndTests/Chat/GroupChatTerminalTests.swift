import BanterTestSupport
import Foundation
import Testing

/// A group chat in a real terminal (tmux), with real time passing (issue 25): two bots and
/// a person you speak for, drawn with names, and `/save` of it replayed green by `banter test`.
@Suite struct GroupChatTerminalTests {
    @Test func aSavedGroupChatPassesBanterTest() throws {
        let fixture = try ChatFixture()
        let bots = ["host", "quiz"].map { Repository.url("examples/bots/quiz-night/\($0).lua").path }
        let command =
            "'\(BanterBinary.url.path)' chat --bot '\(bots[0])' --bot '\(bots[1])' --db '\(fixture.path("chat.sqlite"))' --no-animation"
        let terminal = try fixture.terminal(command, width: 100, height: 40)
        try terminal.waitFor(text: "Message ")
        try terminal.enter("/invite Bob")
        try terminal.waitFor(historyContaining: "Bob joined the group")
        try terminal.enter("quiz time?")
        let screen = try terminal.waitFor(text: "Question 1: What is the capital of Australia?", timeout: 20)
        #expect(
            screen.contains { $0.trimmingCharacters(in: .whitespaces) == "Quizzy" }, "names above clusters: \(screen)")
        try terminal.enter("/as Bob Canberra!")
        try terminal.waitFor(historyContaining: "Question 2:", timeout: 20)
        try terminal.enter("/save group.lua")
        try terminal.waitFor(historyContaining: "banter test group.lua replays them")
        try terminal.enter("/quit")
        try terminal.waitForExit()

        let saved = try String(contentsOfFile: fixture.path("group.lua"), encoding: .utf8)
        #expect(saved.contains(#"as "Bob" "Canberra!""#), "\(saved)")
        let result = try BanterBinary.run(["test", fixture.path("group.lua")])
        #expect(result.status == 0, "\(result.standardOutput)\n--- saved scenario:\n\(saved)")
    }

    /// Live sync in a group: a second terminal speaks as Bob (`--as Bob`), its lines drawn as
    /// sent; the first terminal runs the bots, which hear Bob and answer him in both.
    @Test func aSecondTerminalSpeaksAsAPersonOfTheGroup() throws {
        let fixture = try ChatFixture()
        let bots = ["host", "quiz"].map { Repository.url("examples/bots/quiz-night/\($0).lua").path }
        let database = fixture.path("chat.sqlite")
        let first = try TmuxSession(
            command:
                "'\(BanterBinary.url.path)' chat --bot '\(bots[0])' --bot '\(bots[1])' --db '\(database)' --no-animation",
            width: 80, height: 40, environment: ["HOME": fixture.folder.path], directory: fixture.folder.path)
        try first.waitFor(text: "Message ")
        try first.enter("/invite Bob")
        try first.enter("quiz time?")
        try first.waitFor(text: "Question 1: What is the capital of Australia?", timeout: 20)

        let second = try TmuxSession(
            command:
                "'\(BanterBinary.url.path)' chat --db '\(database)' --conversation host+quiz --as Bob --no-animation",
            width: 80, height: 40, environment: ["HOME": fixture.folder.path], directory: fixture.folder.path)
        try second.waitFor(text: "Question 1: What is the capital of Australia?")
        try second.enter("Canberra!")
        try first.waitFor(text: "Correct, Bob! 🎉", timeout: 20)
        let screen = try second.waitFor(text: "Correct, Bob! 🎉", timeout: 20)
        let line = try #require(screen.first { $0.contains("│ Canberra! │") })
        #expect(
            line.hasPrefix(String(repeating: " ", count: 40)),
            "Bob's own line is drawn as sent, on the right: \(screen)")
        for terminal in [second, first] {
            try terminal.enter("/quit")
            try terminal.waitForExit()
        }
    }

    @Test func speakingAsSomeoneNotInTheGroupIsOneLine() throws {
        let fixture = try ChatFixture()
        let result = try BanterBinary.run(
            ["chat", "--db", fixture.path("chat.sqlite"), "--conversation", "quiz", "--as", "Zed"], input: "hi\n")
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "--as Zed: there is nobody named \"Zed\" here: this conversation has no group yet"),
            "\(result.standardError)")
    }

    /// Three bots and a person, two of the bots answering each other: they stop at the turn
    /// budget with one line, and `/save` of that chat replays green.
    @Test func botsAnsweringEachOtherStopAtTheBudgetAndTheSavedChatReplays() throws {
        let fixture = try ChatFixture()
        // One rally (Ping answers people and Pong, Pong only Ping) at delays that never tie:
        // replies due at the same instant come in member order on a replay's clock, but
        // milliseconds apart, in either order, on a terminal's.
        let ping = try fixture.write(
            "ping.lua",
            """
            bot { name = "Ping" }
            on_message(function(msg, chat)
              if msg.sender.is_bot and msg.sender.name ~= "Pong" then return end
              chat.memory.n = (chat.memory.n or 0) + 1
              chat:reply("Ping " .. chat.memory.n, { after = 0.25 })
            end)
            """)
        let pong = try fixture.write(
            "pong.lua",
            """
            bot { name = "Pong" }
            on_message(function(msg, chat)
              if msg.sender.name ~= "Ping" then return end
              chat.memory.n = (chat.memory.n or 0) + 1
              chat:reply("Pong " .. chat.memory.n, { after = 0.3 })
            end)
            """)
        let ada = Repository.url("examples/bots/panel/ada.lua").path
        let terminal = try TmuxSession(
            command:
                "'\(BanterBinary.url.path)' chat --bot '\(ping)' --bot '\(pong)' --bot '\(ada)' --db '\(fixture.path("chat.sqlite"))' --no-animation",
            width: 80, height: 50, environment: ["HOME": fixture.folder.path], directory: fixture.folder.path)
        try terminal.waitFor(text: "Message ")
        try terminal.enter("/invite Bob")
        try terminal.enter("/as Bob serve!")
        try terminal.waitFor(
            historyContaining: "8 bot messages without a person", timeout: 20)
        Thread.sleep(forTimeInterval: 1.5)
        let history = try terminal.history()
        #expect(
            history.components(separatedBy: "8 bot messages without a person").count == 2, "one line: \(history)")
        try terminal.enter("/save rally.lua")
        try terminal.waitFor(historyContaining: "banter test rally.lua replays them")
        try terminal.enter("/quit")
        try terminal.waitForExit()

        let saved = try String(contentsOfFile: fixture.path("rally.lua"), encoding: .utf8)
        let result = try BanterBinary.run(["test", fixture.path("rally.lua")])
        #expect(result.status == 0, "\(result.standardOutput)\n--- saved scenario:\n\(saved)")
    }
}
