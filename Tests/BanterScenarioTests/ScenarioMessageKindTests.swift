import BanterChat
import BanterCore
import BanterLua
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario
@testable import BanterScript

/// The scenario steps and expectations for files, replies, reactions, edits and deletions:
/// each passing, and failing with its file:line and message.
@Suite struct ScenarioMessageKindTests {
    static let png = Data(
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
            0, 0, 0, 2, 0, 0, 0, 2, 8, 6, 0, 0, 0,
        ])

    static let bot = """
        bot { name = "Chef" }
        on("^menu", function(msg, chat) chat:reply("Today's menu", { file = "menu.png" }) end)
        on("^like", function(msg, chat) chat:react(msg, "👍") end)
        on("^slow like", function(msg, chat) chat:wait("30s"); chat:react(msg, "❤️") end)
        on("^typo", function(msg, chat)
          local sent = chat:reply("Helo")
          chat:wait("2s")
          chat:edit(sent, "Hello")
        end)
        on("^oops", function(msg, chat) chat:delete(chat:reply("wrong chat")) end)
        on_reaction(function(reaction, msg, chat) chat:reply("thanks for the " .. reaction.emoji) end)
        on_edit(function(msg, chat) chat:reply("you edited: " .. msg.text) end)
        on_delete(function(msg, chat) chat:reply("you deleted a message") end)
        fallback(function(msg, chat)
          if msg.attachment then
            chat:reply("got " .. msg.attachment.name .. " " .. msg.attachment.width .. "x" .. msg.attachment.height, { quote = msg })
          elseif msg.quote then
            chat:reply("you quoted " .. msg.quote.text)
          else
            chat:reply("echo: " .. msg.text)
          end
        end)
        """

    /// Runs `steps` after a scenario header (line 1), with the bot and `menu.png` beside it.
    private func failures(_ steps: String) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        try Self.png.write(to: URL(fileURLWithPath: folder.file("menu.png")))
        let path = try folder.write(
            "talk.lua", "scenario { start = \"2026-11-20 19:00\", bot = \"bot.lua\" }\n" + steps)
        let runner = try ScenarioRunner(script: try ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        return try runner.run().map(\.description)
    }

    private func loadError(_ steps: String) throws -> String? {
        let folder = try TemporaryFolder()
        let path = try folder.write("talk.lua", "scenario { }\n" + steps)
        do {
            _ = try ScenarioScript(path: path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyKindPasses() throws {
        #expect(
            try failures(
                """
                me { file = "menu.png", text = "our menu" }
                expect_reply { text = "got menu.png 2x2", quote = "our menu" }
                me "menu please"
                expect_reply { text = "Today's menu", file = "menu.png" }
                react "😋"
                expect_reply "thanks for the 😋"
                me { text = "nice", quote = -1 }
                expect_reply "you quoted thanks for the 😋"
                me "like this"
                expect_reaction "👍"
                me "slow like"
                expect_reaction("❤️", { within = "1m" })
                me "typo"
                expect_reply "Helo"
                expect_edit "Hello"
                me "oops"
                expect_reply "wrong chat"
                expect_delete "wrong chat"
                me "teh"
                expect_reply "echo: teh"
                edit "the"
                expect_reply "you edited: the"
                delete()
                expect_reply "you deleted a message"
                """) == [])
    }

    @Test func failuresNameTheLineAndWhatCameInstead() throws {
        #expect(
            try failures(
                """
                me "menu please"
                expect_reply { file = "other.png" }
                me "hello"
                expect_reply { quote = true }
                me "hello"
                expect_reaction("👍", { within = "10s" })
                me "like it"
                expect_reaction "🎉"
                expect_edit()
                expect_delete "x"
                """) == [
                    "talk.lua:3: expected reply with file \"other.png\", got \"Today's menu\" with file \"menu.png\"",
                    "talk.lua:5: expected reply quoting a message, got \"echo: hello\"",
                    "talk.lua:7: expected reaction 👍 on \"hello\" within 10s, got no reaction",
                    "talk.lua:9: expected reaction 🎉 on \"like it\" within 1m, got 👍",
                    "talk.lua:10: expected an edit within 1m, got no edit",
                    "talk.lua:11: expected a deletion of \"x\" within 1m, got no deletion",
                ])
        #expect(
            try failures(
                """
                me "typo"
                expect_edit { pattern = "^Hey" }
                """) == ["talk.lua:3: expected an edit matching \"^Hey\", got an edit to \"Hello\""])
    }

    @Test func badStepsAreLoadErrors() throws {
        #expect(
            try loadError("me { file = \"../x.png\" }")?.contains("'file' must be a path inside the scenario's folder")
                == true)
        #expect(
            try loadError("me { file = \"missing.png\" }")?.contains("no file \"missing.png\" in the scenario's folder")
                == true)
        #expect(try loadError("me { quote = 2 }")?.contains("me: quote must be -1 for the newest message") == true)
        #expect(try loadError("me { }")?.contains("give text = \"…\", file = \"…\" or both") == true)
        #expect(try loadError("react \"ok\"")?.contains("react: \"ok\" is not one emoji") == true)
        #expect(try loadError("edit(\"x\", { too = -1 })")?.contains("edit: unknown option 'too'") == true)
        #expect(
            try loadError("expect_reply { }")?.contains(
                "give text = \"…\", pattern = \"…\", file = \"…\", quote = \"…\", from = \"…\", buttons = { … } or card = { … }"
            )
                == true)
        #expect(try loadError("expect_edit { pattern = \"(\" }")?.contains("expect_edit: bad pattern") == true)
    }

    @Test func aStepWithoutItsMessageStopsTheRun() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("talk.lua", "scenario { }\nedit \"x\"\n")
        let runner = try ScenarioRunner(script: try ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        #expect(
            throws: ScenarioError.step(
                SourceLocation(file: "talk.lua", line: 2), "edit: there are no messages of yours to edit")
        ) {
            try runner.run()
        }
    }
}
