import BanterCore
import BanterScript
import BanterStore
import BanterTestSupport
import Foundation
import Testing
@testable import BanterChat

/// `/save`'s two halves on a real session: what `SessionRecorder` keeps, and a scenario's
/// `memory` setting, which lets a saved session start where the chat did.
@Suite struct SavedSessionTests {
    static let bot = """
        bot { name = "Counter" }
        on_open(function(chat, first) if first then chat:reply("welcome") end end)
        on("^count", function(msg, chat)
          chat:mark("read")
          chat.memory.count = (chat.memory.count or 0) + 1
          chat:reply("count " .. chat.memory.count)
        end)
        fallback(function(msg, chat) chat:reply("later", { after = 5 }) end)
        """

    @Test func theRecorderKeepsWhatTheScenarioNeeds() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        let session = fixture.session
        let recorder = SessionRecorder(session: session)
        session.onEvent = { recorder.record($0, in: session) }
        try session.send("count")
        if let message = try session.receive("an aside") { recorder.markInjected(message) }
        fixture.clock.advance(by: .seconds(7200))
        try session.send("anything")
        session.settle()

        let recording = recorder.recording
        #expect(recording.start == SessionFixture.start)
        #expect(recording.memory.isEmpty)
        #expect(recording.botPath == session.bot?.scriptPath)
        let start = SessionFixture.start
        #expect(recording.steps == [
            .init(time: start, kind: .reply("welcome")),
            .init(time: start, kind: .me("count")),
            .init(time: start, kind: .status(.read)),
            .init(time: start, kind: .reply("count 1")),
            .init(time: start, kind: .them("an aside")),
            .init(time: start + .seconds(7200), kind: .section(header: "Today 20:00")),
            .init(time: start + .seconds(7200), kind: .me("anything")),
            .init(time: start + .seconds(7205), kind: .reply("later")),
        ])
    }

    @Test func aScenarioStartsWithTheMemoryItIsGiven() throws {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        let path = try folder.write("saved.lua", """
            scenario { bot = "bot.lua", memory = { count = 41, notes = { "a", "b" } } }
            expect_reply "welcome"
            me "count"
            expect_reply "count 42"
            """)
        let runner = try ScenarioRunner(script: ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        #expect(try runner.run().isEmpty)
        #expect(runner.session.bot?.memory["notes"] == #"["a","b"]"#)
    }

    @Test func badMemoryIsAClearError() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("saved.lua", "scenario { memory = { 1, 2 } }\n")
        #expect {
            _ = try ScenarioScript(path: path)
        } throws: { error in
            "\(error)".contains("scenario: memory must be a table with named fields")
        }
    }
}
