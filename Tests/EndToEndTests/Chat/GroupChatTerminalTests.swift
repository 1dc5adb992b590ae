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
        let terminal = try TmuxSession(
            command: command, width: 100, height: 40, environment: ["HOME": fixture.folder.path],
            directory: fixture.folder.path)
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
}
