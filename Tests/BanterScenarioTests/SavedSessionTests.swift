import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario
@testable import BanterScript

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

    /// A session on `bot` with a recorder fed every event, as the REPL feeds `/save`'s.
    static func recorded(_ bot: String) throws -> (SessionFixture, SessionRecorder) {
        let fixture = try SessionFixture(bot: bot)
        let session = fixture.session
        let recorder = SessionRecorder(session: session)
        session.onEvent = { event, _ in recorder.record(event, in: session) }
        return (fixture, recorder)
    }

    @Test func theRecorderKeepsWhatTheScenarioNeeds() throws {
        let (fixture, recorder) = try Self.recorded(Self.bot)
        let session = fixture.session
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
        #expect(
            recording.steps == [
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

    /// A scenario has one bot, so `/bot` with another one starts the recording again: what
    /// the first bot said is gone, the second bot's greeting on being loaded is a comment
    /// (its replay opens a new conversation), and the saved scenario passes.
    @Test func switchingBotsStartsTheRecordingAgain() throws {
        let (fixture, recorder) = try Self.recorded(Self.bot)
        let session = fixture.session
        try session.send("count")
        session.settle()
        let second = try fixture.folder.write(
            "second.lua",
            """
            bot { name = "Second" }
            on_open(function(chat, first) if not first then chat:reply("back again") end end)
            on_message(function(msg, chat) chat:mark("read") end)
            fallback(function(msg, chat) chat:reply("second: " .. msg.text) end)
            """)
        try session.loadBot(path: second)
        try session.send("hi")
        session.settle()

        let recording = recorder.recording
        #expect(recording.botPath == second)
        #expect(
            recording.steps.map(\.kind) == [
                .note(
                    "the bot said \"back again\" when /bot loaded it; a replay opens a new conversation, so it is not expected"
                ),
                .me("hi"), .status(.read), .reply("second: hi"),
            ])
        let scenario = fixture.folder.file("switched.lua")
        try Data(ScenarioWriter.source(for: recording, savedAt: scenario).utf8).write(
            to: URL(fileURLWithPath: scenario))
        let runner = try ScenarioRunner(script: ScenarioScript(path: scenario), store: ChatStore(path: ":memory:"))
        #expect(try runner.run().isEmpty)

        // Reloading the same bot keeps the recording.
        try session.reloadBot()
        #expect(recorder.recording.steps.count == recording.steps.count)
    }

    static let kindsBot = """
        bot { name = "Kinds" }
        on("^book", function(msg, chat)
          local sent = chat:reply("Booked, see you tonigth")
          chat:edit(sent, "Booked, see you tonight")
          chat:reply("Noted.", { quote = msg })
        end)
        on("thank", function(msg, chat) chat:react(msg, "❤️") end)
        on("^oops", function(msg, chat)
          chat:delete(chat:reply("not for you"))
        end)
        on_reaction(function(reaction, msg, chat) chat:reply("glad " .. reaction.emoji) end)
        on_edit(function(msg, chat) chat:reply("now: " .. msg.text) end)
        on_delete(function(msg, chat) chat:reply("forgotten") end)
        fallback(function(msg, chat)
          if msg.attachment then chat:reply("got " .. msg.attachment.name .. " " .. msg.attachment.size, { quote = msg })
          elseif msg.quote then chat:reply("about " .. msg.quote.text)
          else chat:reply("ok") end
        end)
        """

    /// Files, replies, reactions, edits and deletions, both ways, are recorded as their own
    /// steps, and the saved scenario replays the session without a failure.
    @Test func aSessionWithEveryMessageKindReplaysFromItsSavedScenario() throws {
        let (fixture, recorder) = try Self.recorded(Self.kindsBot)
        let session = fixture.session
        let photo = fixture.folder.file("photo.bin")
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: photo))
        let sent = try session.sendAttachment(path: photo, caption: "look")
        recorder.noteSource(photo, of: sent.id)
        try session.sendAttachment(named: "gone.txt", contents: Data("abc".utf8))
        try session.reply(to: try session.resolve(.newestBut(2), for: .reply), text: "and this?")
        try session.send("book 8pm")
        try session.send("thanks")
        try session.react(to: try session.resolve(.newest, for: .react), with: "👍")
        try session.edit(try session.resolve(.newest, for: .edit), text: "thanks a lot")
        try session.send("oops")
        try session.delete(try session.resolve(.newest, for: .delete))
        session.settle()

        var recording = recorder.recording
        let kinds = recording.steps.map(\.kind).filter { kind in
            switch kind {
            case .me, .react, .edit, .delete, .botReacted, .botEdited, .botDeleted: true
            default: false
            }
        }
        #expect(
            kinds == [
                .me(.init(text: "look", file: .init(name: "photo.bin", messageID: sent.id, sourcePath: photo))),
                .me(.init(text: "", file: .init(name: "gone.txt", messageID: sent.id + 2))),
                .me(.init(text: "and this?", quote: 2)),
                .me("book 8pm"), .botEdited("Booked, see you tonight"),
                .me("thanks"), .botReacted("❤️", target: 1), .react("👍", target: 1), .edit("thanks a lot", target: 1),
                .me("oops"), .botDeleted("not for you"), .delete(target: 1),
            ])

        let scenario = fixture.folder.file("saved.lua")
        let written = try SavedFiles.place(in: &recording, scenarioPath: scenario) { id in
            try fixture.store.attachmentContents(messageID: id)
        }
        #expect(written == ["saved.files/gone.txt"])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: fixture.folder.file("saved.files/gone.txt"))) == Data("abc".utf8))
        let source = ScenarioWriter.source(for: recording, savedAt: scenario)
        #expect(source.contains(#"me { text = "look", file = "photo.bin" }"#))
        #expect(source.contains(#"me { file = "saved.files/gone.txt" }"#))
        try Data(source.utf8).write(to: URL(fileURLWithPath: scenario))
        let runner = try ScenarioRunner(script: ScenarioScript(path: scenario), store: ChatStore(path: ":memory:"))
        let failures = try runner.run()
        #expect(failures.isEmpty, "\(failures)\n\(source)")
    }

    /// A file still in the scenario's folder with the bytes sent is named where it is;
    /// one changed since, or outside the folder, is written beside the scenario, under a
    /// new name when another file took its name; a deleted one is read from its path.
    @Test func sentFilesAreNamedWhereTheyAreOrWrittenBesideTheScenario() throws {
        let folder = try TemporaryFolder()
        let inside = folder.file("a.png")
        try Data("same".utf8).write(to: URL(fileURLWithPath: inside))
        let outside = try TemporaryFolder()
        let elsewhere = outside.file("a.png")
        try Data("other".utf8).write(to: URL(fileURLWithPath: elsewhere))
        let stored: [Int64: Data] = [
            1: Data("same".utf8), 2: Data("other".utf8), 3: Data("changed".utf8), 4: Data("other".utf8),
        ]
        var recording = RecordedSession(
            botPath: nil, start: SessionFixture.start, timeZone: .gmt, seed: 1,
            steps: [
                .init(
                    time: SessionFixture.start,
                    kind: .me(.init(text: "", file: .init(name: "a.png", messageID: 1, sourcePath: inside)))),
                .init(
                    time: SessionFixture.start,
                    kind: .me(.init(text: "", file: .init(name: "a.png", messageID: 2, sourcePath: elsewhere)))),
                .init(
                    time: SessionFixture.start,
                    kind: .me(.init(text: "", file: .init(name: "a.png", messageID: 3, sourcePath: inside)))),
                .init(time: SessionFixture.start, kind: .me(.init(text: "", file: .init(name: "a.png", messageID: 4)))),
                .init(
                    time: SessionFixture.start, kind: .me(.init(text: "x", file: .init(name: "b.png", messageID: 5)))),
                .init(time: SessionFixture.start, kind: .me(.init(text: "", file: .init(name: "c.png", messageID: 6)))),
                .init(
                    time: SessionFixture.start,
                    kind: .me(.init(text: "", file: .init(name: "d.png", messageID: 7, sourcePath: elsewhere)))),
            ])
        let written = try SavedFiles.place(in: &recording, scenarioPath: folder.file("s.lua")) { stored[$0] }
        #expect(written == ["s.files/2-a.png", "s.files/a.png", "s.files/d.png"])
        let paths = recording.steps.map { step -> String? in
            if case .me(let sent) = step.kind { sent.file?.scenarioPath } else { "note" }
        }
        // 5 and 6 were deleted and have no path: 5 keeps its caption, 6 is only a comment;
        // 7 was deleted too, but is read again from where it was attached.
        #expect(
            paths == [
                "a.png", "s.files/a.png", "s.files/2-a.png", "s.files/a.png", "note", nil, "note", "s.files/d.png",
            ])
    }

    @Test func aScenarioStartsWithTheMemoryItIsGiven() throws {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        let path = try folder.write(
            "saved.lua",
            """
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
