import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// A bot whose `on_open` fails fails the scenario, at the line that declared it, with the
/// bot's own file:line: the error would otherwise pass unnoticed before the first step.
@Suite struct OpeningFailureTests {
    @Test func anOnOpenErrorFailsTheScenarioAtItsDeclaration() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "bot.lua",
            """
            bot { name = "Broken" }
            on_open(function(chat)
              chat:reply("hello " .. nil)
            end)
            on_message(function(msg, chat) chat:reply("ok") end)
            """)
        try folder.write(
            "talk.lua",
            """
            -- A bot that fails as it opens.

            scenario { bot = "bot.lua" }
            me "hi"
            expect_reply "ok"
            """)
        let script = try ScenarioScript(path: folder.file("talk.lua"))
        let failures = try ScenarioRunner(script: script, store: ChatStore(path: ":memory:")).run()
        #expect(failures.count == 1, "\(failures)")
        let failure = try #require(failures.first)
        #expect(failure.location == SourceLocation(file: "talk.lua", line: 3))
        #expect(failure.message.hasPrefix("the bot failed as the conversation opened: "), "\(failure.message)")
        #expect(failure.message.contains("bot.lua:3:"), "\(failure.message)")
    }
}
