import Foundation
import Testing

/// `banter chat` in a real terminal (tmux): bubbles, asynchronous replies while typing,
/// paging, live re-grouping, quitting and coming back.
@Suite(.serialized) struct TerminalChatTests {
    static let bot = """
        bot { name = "Alisha", greeting = "You matched with Alisha" }
        local history = {}
        for i = 1, 30 do
          history[#history + 1] = { from = (i % 2 == 0) and "me" or "them", text = "seed " .. i, at = -3 * 86400 + i * 600 }
        end
        seed(history)
        on("^slow", function(msg, chat) chat:reply("Here I am", { after = 2, typing = "1s" }) end)
        fallback(function(msg, chat) chat:reply("Echo: " .. msg.text) end)
        """

    /// "Message Alisha… ": where typed text starts.
    static let promptWidth = 16

    private func start(_ fixture: ChatFixture, bot: String) throws -> TmuxSession {
        let command = "'\(BanterBinary.url.path)' chat --bot '\(bot)' --db '\(fixture.path("chat.sqlite"))'"
        return try TmuxSession(command: command, width: 80, height: 30, environment: ["HOME": fixture.folder.path])
    }

    @Test func chatInATerminal() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("alisha.lua", Self.bot)
        let terminal = try start(fixture, bot: bot)
        try terminal.waitFor(text: "Message Alisha…")
        try terminal.waitFor(text: "You matched with Alisha")

        // Sent on the right, the reply on the left, the prompt below it. The reply is drawn
        // before the prompt is drawn again, so a screen read in between shows no prompt yet:
        // the test waits for both rather than reading once when the reply shows.
        try terminal.enter("hello there")
        let screen = try terminal.waitFor("the reply and the prompt below it") {
            $0.joined(separator: "\n").contains("Echo: hello there") && Self.lastLine($0) == "Message Alisha…"
        }
        let sent = try #require(screen.first { $0.contains("│ hello there │") })
        let reply = try #require(screen.first { $0.contains("│ Echo: hello there │") })
        #expect(sent.prefix { $0 == " " }.count > 40)
        #expect(reply.hasPrefix(" │ Echo"))

        // A delayed reply arrives above a half-typed line, which stays intact with its cursor.
        try terminal.enter("slow please")
        try terminal.waitFor(text: "slow please │")
        let typed = "typed while waiting"
        try terminal.type(typed)
        try terminal.waitFor("the delayed reply above the half-typed line") {
            $0.joined(separator: "\n").contains("Here I am") && Self.lastLine($0) == "Message Alisha… " + typed
        }
        let cursor = try terminal.waitFor(cursor: "after the typed text") { $0.x == Self.promptWidth + typed.count }
        #expect(try terminal.screen()[cursor.y].hasPrefix("Message Alisha… " + typed))

        // Ctrl-C clears the line.
        try terminal.send("C-c")
        try terminal.waitFor("an empty prompt") { $0.contains("Message Alisha…") && !$0.joined().contains(typed) }

        // Paging up reaches older seeds, then the beginning of the conversation.
        #expect(try !terminal.screen().joined(separator: "\n").contains("seed 1\u{20}"))
        for _ in 0..<6 { try terminal.send("PPage") }
        try terminal.waitFor("the first seeds under the beginning, newer messages below") { screen in
            screen.contains { $0.contains("beginning of conversation") }
                && screen.contains { $0.contains("│ seed 1 │") }
                && screen.contains { $0.contains("newer messages below") }
        }

        // A grouping change repaints at once, at the bottom again.
        try terminal.enter("/grouping header=\"at {time}!\"")
        try terminal.waitFor("the new grouping's headers, at the bottom") { screen in
            screen.contains { $0.contains("grouping: section=1h cluster=20s header=\"at {time}!\"") }
                && screen.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("at ") && $0.hasSuffix("!") }
                && !screen.contains { $0.contains("newer messages below") }
        }

        try terminal.enter("/quit")
        #expect(try [.status(0), .unknown].contains(terminal.waitForExit()))
        try terminal.waitFor("the prompt removed") { !$0.contains { $0.hasPrefix("Message Alisha…") } }

        // Coming back shows the same history, and the history file was written beside the database.
        let again = try start(fixture, bot: bot)
        try again.waitFor("the earlier messages") { screen in
            screen.contains { $0.contains("Here I am") } && screen.contains { $0.contains("│ slow please │") }
        }
        let history = try String(contentsOfFile: fixture.path("banter_history"), encoding: .utf8)
        #expect(history.contains("hello there"))
        #expect(history.contains("/grouping"))
        try again.enter("/quit")
        #expect(try [.status(0), .unknown].contains(again.waitForExit()))
    }

    /// The screen's last row that is not blank.
    private static func lastLine(_ screen: [String]) -> String? {
        screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
