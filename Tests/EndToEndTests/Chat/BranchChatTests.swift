import BanterTestSupport
import Foundation
import Testing

/// Branches in `banter chat` (issue 26): fork at an earlier message, answer differently,
/// label, list and switch branches, in a real terminal (tmux) and piped; bad input gets one
/// clear line and changes nothing.
@Suite(.serialized) struct BranchChatTests {
    static let bot = """
        bot { name = "Alisha" }
        fallback(function(msg, chat) chat:reply("Echo: " .. msg.text) end)
        """

    @Test func forkAnswerDifferentlyAndSwitchBackInATerminal() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("alisha.lua", Self.bot)
        let db = fixture.path("chat.sqlite")
        let command = "'\(BanterBinary.url.path)' chat --bot '\(bot)' --db '\(db)'"
        let terminal = try fixture.terminal(command, width: 90, height: 40)
        try terminal.waitFor(text: "Message Alisha…")
        for text in ["dinner tonight?", "pizza or sushi?", "sushi then"] {
            try terminal.enter(text)
            try terminal.waitFor(text: "Echo: \(text)")
        }
        try terminal.enter("/branch yes")
        try terminal.waitFor(text: "branch 1 is now \"yes\"")

        // Back to the second message of mine: the third and its answer leave the transcript.
        try terminal.enter("/fork -2")
        try terminal.waitFor(text: "now on branch 2, forked at")
        try terminal.waitFor("the transcript up to the fork") { screen in
            !screen.contains { $0.contains("sushi then") } && screen.contains { $0.contains("pizza or sushi?") }
        }
        try terminal.enter("pizza, obviously")
        try terminal.waitFor(text: "Echo: pizza, obviously")
        try terminal.enter("/branch pizza")
        try terminal.waitFor(text: "branch 2 is now \"pizza\"")

        try terminal.enter("/tree")
        let tree = try terminal.waitFor(text: "\"pizza\" from #")
        #expect(tree.contains { $0.contains("1 \"yes\", 6 messages") })
        #expect(tree.contains { $0.contains("└─ 2 \"pizza\" from #3 “pizza or sushi?”, 2 messages  ← current") })

        // Bad input: one clear line each, and the branch stays as it was.
        try terminal.enter("/branch yes")
        try terminal.waitFor(text: "Branch 1 is already named \"yes\"")
        try terminal.enter("/switch nowhere")
        try terminal.waitFor(text: "There is no branch \"nowhere\" in this conversation")
        try terminal.enter("/fork #999")
        try terminal.waitFor(text: "there is no message #999 in this conversation")

        try terminal.enter("/switch yes")
        try terminal.waitFor(text: "now on \"yes\"")
        try terminal.waitFor("the first branch again") { screen in
            screen.contains { $0.contains("Echo: sushi then") } && !screen.contains { $0.contains("Echo: pizza,") }
        }
    }

    /// The issue's walk: chat with Alisha, `/fork -3`, answer differently, `/retry` twice,
    /// switch siblings with Alt-Left (and `/sibling next`), `/tree`.
    @Test func retriesAreSiblingsSwitchedWithAltLeft() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write(
            "alisha.lua",
            """
            bot { name = "Alisha" }
            fallback(function(msg, chat) chat:reply("Echo " .. math.random(100000) .. ": " .. msg.text) end)
            """)
        let command = "'\(BanterBinary.url.path)' chat --bot '\(bot)' --db '\(fixture.path("chat.sqlite"))'"
        let terminal = try fixture.terminal(command, width: 90, height: 40)
        try terminal.waitFor(text: "Message Alisha…")
        for text in ["dinner tonight?", "pizza or sushi?", "sushi then"] {
            try terminal.enter(text)
            try terminal.waitFor(text: ": \(text)")
        }
        try terminal.enter("/fork -3")
        try terminal.waitFor(text: "now on branch 2, forked at")
        try terminal.enter("pizza, obviously")
        let answered = try terminal.waitFor(text: ": pizza, obviously")
        #expect(answered.contains { $0.contains("‹ 2/2 ›") }, "the new line is the second answer to the bot")
        try terminal.enter("/retry")
        try terminal.waitFor(text: "‹ 2/2 ›")
        try terminal.enter("/retry")
        let third = try terminal.waitFor(text: "‹ 3/3 ›")
        let newest = third.last { $0.contains(": pizza, obviously") }
        try terminal.send("M-Left")
        try terminal.waitFor("the second answer, by Alt-Left") { screen in
            screen.contains { $0.contains("‹ 2/3 ›") } && !screen.contains { $0.contains("‹ 3/3 ›") }
                && screen.last { $0.contains(": pizza, obviously") } != newest
        }
        try terminal.send("M-Right")
        try terminal.waitFor(text: "‹ 3/3 ›")
        try terminal.enter("/sibling next")
        try terminal.waitFor(text: "is the last of its 3 siblings (3/3)")
        try terminal.enter("/tree")
        let tree = try terminal.waitFor(text: "← current")
        #expect(tree.contains { $0.contains("4 from #") && $0.contains("← current") })
    }

    /// At 44 columns `/retry`'s notice is wrapped between words by the chat, not broken
    /// mid-word by the terminal.
    @Test func retrysNoticeWrapsToANarrowTerminal() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("alisha.lua", Self.bot)
        let command = "'\(BanterBinary.url.path)' chat --bot '\(bot)' --db '\(fixture.path("chat.sqlite"))'"
        let terminal = try fixture.terminal(command, width: 44, height: 30)
        try terminal.waitFor(text: "Message Alisha…")
        try terminal.enter("luck")
        try terminal.waitFor(text: "Echo: luck")
        try terminal.enter("/retry")
        let screen = try terminal.waitFor(text: "the first answer)")
        let notice = try #require(screen.firstIndex { $0.contains("answering again on branch 2") })
        #expect(screen[notice].trimmingCharacters(in: .whitespaces) == "answering again on branch 2 (/switch 1 for")
        #expect(screen[notice + 1].trimmingCharacters(in: .whitespaces) == "the first answer)")
    }

    @Test func retryAsksTheBotAgainOnANewBranch() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write(
            "dice.lua",
            """
            bot { name = "Dice" }
            local rolls = 0
            fallback(function(msg, chat)
              rolls = rolls + 1
              chat:reply("roll " .. rolls .. " for " .. msg.text)
            end)
            """)
        let result = try fixture.chat(
            ["--bot", bot, "--db", fixture.path("chat.sqlite")] + ChatFixture.reproducible,
            input: "/retry\nluck\n/retry\n/retry\n/tree\n/switch 1\n")
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput + result.standardError
        #expect(output.contains("there is no message of yours to fork at") || output.contains("no messages of yours"))
        #expect(
            output.contains("roll 1 for luck") && output.contains("roll 2 for luck")
                && output.contains("roll 3 for luck"))
        // One line into a pipe, wrapped only where a terminal would break it.
        #expect(output.contains("answering again on branch 2 (/switch 1 for the first answer)"))
        #expect(output.contains("├─ 2 from #1 “luck”, 1 message"))
        #expect(output.contains("└─ 3 from #1 “luck”, 1 message  ← current"))
    }

    @Test func pipedForksAreReproducibleAndRefuseADeletedMessage() throws {
        let fixture = try ChatFixture()
        let db = fixture.path("chat.sqlite")
        let input = """
            first
            second
            /delete
            /fork #2
            /fork -1
            /as them other way
            /switch 1
            /switch 2
            /tree

            """
        let result = try fixture.chat(["--db", db] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput + result.standardError
        #expect(output.contains("message #2 was deleted"))
        #expect(output.contains("now on branch 2, forked at #1"))
        #expect(output.contains("2 from #1 “first”, 1 message  ← current"))
    }
}
