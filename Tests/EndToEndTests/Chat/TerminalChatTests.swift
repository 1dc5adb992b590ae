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

        // Sent on the right, the reply on the left.
        try terminal.enter("hello there")
        let screen = try terminal.waitFor(text: "Echo: hello there")
        let sent = try #require(screen.first { $0.contains("│ hello there │") })
        let reply = try #require(screen.first { $0.contains("│ Echo: hello there │") })
        #expect(sent.prefix { $0 == " " }.count > 40)
        #expect(reply.hasPrefix(" │ Echo"))
        #expect(screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == "Message Alisha…")

        // A delayed reply arrives above a half-typed line, which stays intact with its cursor.
        try terminal.enter("slow please")
        try terminal.waitFor(text: "slow please │")
        let typed = "typed while waiting"
        try terminal.type(typed)
        let after = try terminal.waitFor(text: "Here I am")
        #expect(after.contains("Message Alisha… " + typed))
        let cursor = try terminal.cursor()
        #expect(cursor.x == Self.promptWidth + typed.count)
        #expect(after[cursor.y].hasPrefix("Message Alisha… " + typed))

        // Ctrl-C clears the line.
        try terminal.send("C-c")
        try terminal.waitFor("an empty prompt") { $0.contains("Message Alisha…") && !$0.joined().contains(typed) }

        // Paging up reaches older seeds, then the beginning of the conversation.
        #expect(try !terminal.screen().joined(separator: "\n").contains("seed 1\u{20}"))
        for _ in 0..<6 { try terminal.send("PPage") }
        let top = try terminal.waitFor(text: "beginning of conversation")
        #expect(top.contains { $0.contains("│ seed 1 │") })
        #expect(top.contains { $0.contains("newer messages below") })

        // A grouping change repaints at once, at the bottom again.
        try terminal.enter("/grouping header=\"at {time}!\"")
        let regrouped = try terminal.waitFor(text: "grouping: section=1h cluster=20s header=\"at {time}!\"")
        #expect(regrouped.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("at ") && $0.hasSuffix("!") })
        #expect(!regrouped.contains { $0.contains("newer messages below") })

        try terminal.enter("/quit")
        #expect(try [.status(0), .unknown].contains(terminal.waitForExit()))
        #expect(try !terminal.screen().contains { $0.hasPrefix("Message Alisha…") })

        // Coming back shows the same history, and the history file was written beside the database.
        let again = try start(fixture, bot: bot)
        let restored = try again.waitFor(text: "Here I am")
        #expect(restored.contains { $0.contains("│ slow please │") })
        let history = try String(contentsOfFile: fixture.path("banter_history"), encoding: .utf8)
        #expect(history.contains("hello there"))
        #expect(history.contains("/grouping"))
        try again.enter("/quit")
        #expect(try [.status(0), .unknown].contains(again.waitForExit()))
    }
}
