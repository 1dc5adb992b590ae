import BanterCore
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

@Suite struct DebuggerTests {
    static let quiz = """
        bot { name = "Q" }
        local greeting = "Quiz time"
        on("quiz", function(msg, chat)
          local question = greeting .. ": " .. msg.text
          chat.memory.asked = (chat.memory.asked or 0) + 1
          chat:reply(question, { after = 2 })
          chat:reply("done")
        end)
        on("hi", function(msg, chat) chat:reply("hello") end)
        """

    @Test func pausesAtAHandlerStepsAndPrintsInThePausedFrame() throws {
        let host = TestHost()
        let folder = try ScriptFolder()
        let bot = try BotRuntime(scriptPath: folder.write("quiz.lua", Self.quiz), host: host)
        bot.breakpoints = [.handler(pattern: "quiz")]
        host.say("quiz please", to: bot)
        #expect(host.pauses.count == 1)
        let stop = try #require(bot.pause)
        #expect(stop.reason == .breakpoint(.handler(pattern: "quiz")))
        #expect(stop.file == "quiz.lua" && stop.line == 4)
        #expect(bot.nextWakeTime == nil)
        #expect(try bot.evaluatePaused("msg.text") == "\"quiz please\"")
        #expect(try bot.evaluatePaused("greeting:upper()") == "\"QUIZ TIME\"")
        #expect(bot.sourceLines(of: stop.file, around: stop.line, radius: 1).map(\.number) == [3, 4, 5])
        // Messages that arrive while paused wait their turn.
        host.say("hi", to: bot)
        #expect(host.replyTexts.isEmpty)

        bot.proceed(.next)
        #expect(bot.pause?.line == 5)
        #expect(bot.pausedVariables().map(\.name) == ["greeting", "msg", "chat", "question"])
        #expect(bot.pausedVariables().last?.value == "\"Quiz time: quiz please\"")
        bot.proceed(.next)
        #expect(bot.pausedMemory() == "{ asked = 1 }")
        #expect(try bot.evaluatePaused("memory.asked + 1") == "2")
        bot.proceed(.continue)
        #expect(bot.pause == nil)
        host.advance(.seconds(2), bot)
        // "hi" waited for the pause and ran at once; the quiz's reply waited its 2 seconds.
        #expect(host.replyTexts == ["hello", "Quiz time: quiz please", "done"])
        #expect(host.failures.isEmpty)
    }

    @Test func printCannotChangeTheBot() throws {
        let host = TestHost()
        let bot = try makeBot(Self.quiz, host: host)
        bot.breakpoints = [.line(file: "bot.lua", line: 6)]
        host.say("quiz", to: bot)
        #expect(bot.pause?.reason == .breakpoint(.line(file: "bot.lua", line: 6)))
        #expect(throws: ScriptError.self) { try bot.evaluatePaused("question = 1") }
        #expect(try bot.evaluatePaused("table.insert(chat.memory, 99) or rawlen(chat.memory)") == "1")
        #expect(try bot.evaluatePaused("type(chat.reply)") == "\"string\"")
        #expect(bot.pausedMemory() == "{ asked = 1 }")
        #expect(throws: ScriptError.self) { try bot.evaluatePaused("(function() while true do end end)()") }
        bot.proceed(.continue)
        host.advance(.seconds(2), bot)
        #expect(host.replyTexts == ["Quiz time: quiz", "done"])
        #expect(host.memory["asked"] == "1")
    }

    @Test func pausesAtTheNextReplyWithItsTextPending() throws {
        let host = TestHost()
        let bot = try makeBot(Self.quiz, host: host)
        bot.breakpoints = [.reply]
        host.say("hi", to: bot)
        #expect(bot.pause?.pendingReply == "hello")
        #expect(bot.pause?.line == 9)
        #expect(bot.pause?.frames.count == 1)
        bot.proceed(.continue)
        #expect(host.replyTexts == ["hello"])
        bot.breakpoints = []
        host.say("hi", to: bot)
        #expect(host.replyTexts == ["hello", "hello"])
        #expect(host.pauses.count == 1)
    }

    @Test func finishLeavesAFunctionAndPausedTimeIsNotBudget() throws {
        let host = TestHost()
        let limits = ScriptLimits(timePerRun: .milliseconds(200))
        let bot = try makeBot(
            """
            bot { name = "F" }
            local function helper(n)
              local total = n * 2
              return total
            end
            on("go", function(msg, chat)
              local value = helper(20)
              chat:reply(tostring(value))
            end)
            """, host: host, limits: limits)
        bot.breakpoints = [.line(file: "bot.lua", line: 3)]
        host.say("go", to: bot)
        #expect(bot.pause?.frames.map(\.line) == [3, 7])
        Thread.sleep(forTimeInterval: 0.3)
        bot.proceed(.finish)
        #expect(bot.pause?.line == 8) // the caller's next line: the rest of line 7 ran
        bot.proceed(.continue)
        #expect(host.replyTexts == ["40"])
        #expect(host.failures.isEmpty)
    }

    @Test func restartTakesBackTheRunsMessagesAndMemoryAndPausesAtItsStart() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "C" }
            on("count", function(msg, chat)
              chat.memory.n = (chat.memory.n or 0) + 1
              chat:reply("n=" .. chat.memory.n)
              chat:reply("second")
            end)
            """, host: host)
        bot.breakpoints = [.line(file: "bot.lua", line: 5)]
        host.say("count", to: bot)
        #expect(host.replyTexts == ["n=1"])
        #expect(bot.pausedMemory() == "{ n = 1 }")
        try bot.restartPaused()
        #expect(host.retracted.count == 1)
        #expect(bot.pause?.reason == .restart)
        #expect(bot.pause?.line == 3)
        #expect(bot.pausedMemory() == "{}")
        bot.proceed(.continue)
        #expect(bot.pause?.line == 5)
        bot.proceed(.continue)
        #expect(host.replyTexts == ["n=1", "n=1", "second"])
        #expect(host.memory["n"] == "1")
        #expect(host.failures.isEmpty)
    }

    @Test func aHostileScriptCannotRunCodeThroughPrintNorPauseOutsideItsHandler() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "H" }
            local trap = setmetatable({}, {
              __index = function() chat_spy = true; return "trap" end,
              __tostring = function() chat_spy = true; return "trap" end,
            })
            on("go", function(msg, chat)
              local t = trap
              local co = coroutine.wrap(function()
                local inside = 1
                return inside
              end)
              co()
              chat:reply(tostring(rawget(_G, "chat_spy")))
            end)
            """, host: host)
        bot.breakpoints = [.line(file: "bot.lua", line: 9), .line(file: "bot.lua", line: 12)]
        host.say("go", to: bot)
        // Line 9 runs in a coroutine the script made: only the handler's own line 12 pauses.
        #expect(bot.pause?.line == 12)
        #expect(try bot.evaluatePaused("t") == "{}")
        #expect(try bot.evaluatePaused("t.anything") == "nil")
        #expect(try bot.evaluatePaused("tostring(t):sub(1, 6)") == "\"table:\"")
        #expect(bot.pausedVariables().first { $0.name == "t" }?.value == "{}")
        bot.proceed(.continue)
        #expect(host.replyTexts == ["nil"])
        #expect(host.failures.isEmpty)
    }

    @Test func readsBreakpointsAsTyped() throws {
        #expect(try Breakpoint(parsing: "alisha.lua:12") == .line(file: "alisha.lua", line: 12))
        #expect(try Breakpoint(parsing: "on \"quiz\"") == .handler(pattern: "quiz"))
        #expect(try Breakpoint(parsing: "on '^hi'") == .handler(pattern: "^hi"))
        #expect(try Breakpoint(parsing: "reply") == .reply)
        #expect(throws: BreakpointError.self) { try Breakpoint(parsing: "alisha.lua") }
        #expect(throws: BreakpointError.self) { try Breakpoint(parsing: "on \"quiz") }
    }
}
