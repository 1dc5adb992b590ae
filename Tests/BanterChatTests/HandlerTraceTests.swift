import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterLua
import Testing

@testable import BanterScript

/// What `/trace on` and `banter test` see: the session publishes one `.handlerTraced` per
/// stretch of a handler run, with the handler's place, captures, and what it did.
@Suite struct HandlerTraceTests {
    static let bot = """
        bot { name = "T" }
        on_message(function(msg, chat) chat:mark("read") end)
        on("^hi (%a+)", function(msg, chat, name)
          chat.memory.name = name
          chat:reply("Hello " .. name)
          chat:reply("How are you?", { after = 2, typing = 1 })
        end)
        on("^quiz", function(msg, chat)
          chat:typing(3)
          local answer = chat:ask("Sea or mountains?", { timeout = "1m" })
          chat.memory.name = nil
          chat:reply(answer and "ok" or "too slow")
        end)
        fallback(function(msg, chat)
          chat:wait(5)
          chat:reply(tostring(rply))
        end)
        """

    private func traces(_ fixture: SessionFixture) -> [HandlerTrace] {
        defer { fixture.clearEvents() }
        return fixture.events.compactMap { if case .handlerTraced(let trace) = $0 { trace } else { nil } }
    }

    @Test func noTracesUnlessAskedFor() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        try fixture.session.send("hi Bob")
        fixture.session.settle()
        #expect(traces(fixture).isEmpty)
    }

    @Test func aMatchedPatternWithCapturesRepliesAndMemory() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        fixture.session.tracesHandlers = true
        try fixture.session.send("hi Bob")
        let first = try #require(traces(fixture).first)
        #expect(first.trigger == .message("hi Bob"))
        #expect(
            first.handlers == [
                TracedHandler(label: "on_message", file: "bot.lua", line: 2),
                TracedHandler(label: "on(\"^hi (%a+)\")", file: "bot.lua", line: 3, captures: ["Bob"]),
            ])
        #expect(
            first.actions == [
                .mark(.read), .reply("Hello Bob", after: nil, typing: nil),
                .reply("How are you?", after: .seconds(2), typing: .seconds(1)),
                .memory(written: ["name"], deleted: []),
            ])
        #expect(first.outcome == .paused(until: SessionFixture.start + .seconds(2)))
        #expect(first.instructions < 5_000)
        // The delayed reply's waits, typing and send were listed once, when scheduled: the
        // stretches that carry it out add nothing, so they are not published.
        fixture.session.settle()
        #expect(traces(fixture).isEmpty)
    }

    @Test func askAnswersTimeoutsWaitsAndNotes() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        fixture.session.tracesHandlers = true
        try fixture.session.send("hi Ann")
        fixture.session.settle()
        try fixture.session.send("quiz")
        let asked = try #require(traces(fixture).last)
        #expect(asked.handlers.last?.label == "on(\"^quiz\")")
        #expect(
            asked.actions.suffix(3) == [
                .typing(.seconds(3)), .reply("Sea or mountains?", after: nil, typing: nil), .ask(timeout: .seconds(60)),
            ])
        #expect(asked.outcome == .asking(deadline: SessionFixture.start + .seconds(63)))
        try fixture.session.send("sea")
        let answered = try #require(traces(fixture).last)
        #expect(answered.trigger == .answer("sea"))
        #expect(answered.handlers == [TracedHandler(label: "on(\"^quiz\")", file: "bot.lua", line: 8)])
        #expect(answered.actions == [.reply("ok", after: nil, typing: nil), .memory(written: [], deleted: ["name"])])

        try fixture.session.send("what?")
        let waiting = try #require(traces(fixture).last)
        #expect(waiting.handlers.last == TracedHandler(label: "fallback", file: "bot.lua", line: 14))
        #expect(waiting.actions.last == .wait(.seconds(5)))
        fixture.session.settle()
        let resumed = try #require(traces(fixture).last)
        #expect(resumed.trigger == .resumed)
        #expect(
            resumed.notes == [
                ScriptNote(
                    file: "bot.lua", line: 16, message: "note: 'rply' is not defined (it reads as nil; misspelt?)")
            ])
        // The note is in the trace, not published again on its own.
        #expect(!fixture.events.contains { if case .note = $0 { true } else { false } })
    }

    @Test func aFailureIsInTheTraceAndReportedAfterIt() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "F" }
                fallback(function(msg, chat) error("boom") end)
                """)
        fixture.session.tracesHandlers = true
        try fixture.session.send("x")
        let kinds = fixture.events.compactMap { event -> String? in
            switch event {
            case .handlerTraced(let trace):
                if case .failed(let error) = trace.outcome { "trace: \(error)" } else { "trace" }
            case .notice(let text): "notice: \(text)"
            default: nil
            }
        }
        #expect(kinds == ["trace: bot.lua:2: boom", "notice: bot.lua:2: boom"])
    }

    /// What a bot prints is its author's debug output: a note while tracing, else dropped.
    @Test func printIsANoteWhileTracing() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "P" }
                fallback(function(msg, chat) print("got", msg.text, 42) end)
                """)
        let notes = { fixture.events.compactMap { if case .note(let text) = $0 { text } else { nil } } }
        try fixture.session.send("quiet")
        #expect(notes().isEmpty)
        fixture.session.tracesHandlers = true
        try fixture.session.send("loud")
        #expect(notes() == ["print: got\tloud\t42"])
    }
}
