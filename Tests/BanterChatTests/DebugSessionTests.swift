import BanterChat
import BanterChatTestSupport
import BanterCore
import Testing

/// The step debugger through the session: breakpoints armed only while debugging, a pause
/// published as an event, restart taking the run's messages back from the store.
@Suite struct DebugSessionTests {
    static let bot = """
        bot { name = "C" }
        on("count", function(msg, chat)
          chat.memory.n = (chat.memory.n or 0) + 1
          chat:reply("n=" .. chat.memory.n)
          chat:reply("second")
        end)
        """

    @Test func breakpointsStopOnlyWhileDebuggingAndRestartTakesMessagesBack() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        let session = fixture.session
        let number = session.addBreakpoint(.line(file: "bot.lua", line: 5))
        #expect(number == 1)
        try session.send("count")
        #expect(session.pause == nil)
        #expect(try fixture.stored().suffix(3) == ["me: count", "them: n=1", "them: second"])

        session.isDebugging = true
        try session.send("count")
        #expect(session.pause?.line == 5)
        #expect(fixture.events.contains { if case .botPaused = $0 { true } else { false } })
        #expect(try fixture.stored().last == "them: n=2")
        #expect(session.nextWakeTime == nil)

        try session.restartPaused()
        #expect(try fixture.stored().last == "me: count")
        #expect(try session.pausedMemory() == "{ n = 1 }")
        #expect(session.pause?.line == 3)
        session.proceed(.continue)
        session.proceed(.continue)
        #expect(try fixture.stored().suffix(3) == ["me: count", "them: n=2", "them: second"])

        // Turning the debugger off lets a paused handler run to its end.
        try session.send("count")
        #expect(session.pause?.line == 5)
        session.isDebugging = false
        #expect(session.pause == nil)
        #expect(try fixture.stored().suffix(2) == ["them: n=3", "them: second"])

        #expect(throws: ChatError.self) { try session.deleteBreakpoint(7) }
        #expect(try session.deleteBreakpoint(1) == .line(file: "bot.lua", line: 5))
        #expect(throws: ChatError.self) { try session.evaluatePaused("1") }
    }
}
