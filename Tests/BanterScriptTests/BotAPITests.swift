import BanterCore
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

@Suite struct BotAPITests {
    @Test func declaresTheBot() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "Alisha", greeting = "You matched with Alisha", initial = "A", color = "#FF3366", typing = { cps = 10 } }
            grouping { section_gap = "1h30m", cluster_gap = 20, header = "{date} {time}" }
            """, host: host)
        #expect(bot.definition.name == "Alisha")
        #expect(bot.definition.greeting == "You matched with Alisha")
        #expect(bot.definition.initial == "A")
        #expect(bot.definition.color == "#FF3366")
        #expect(bot.definition.typingCharactersPerSecond == 10)
        #expect(
            bot.definition.grouping
                == GroupingRules(sectionGap: .seconds(5400), clusterGap: .seconds(20), headerPattern: "{date} {time}"))
        #expect(bot.definition.participant == Participant(name: "Alisha", initial: "A", color: "#FF3366"))
    }

    @Test func patternHandlerGetsCaptures() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("my name is (%a+)", function(msg, chat, name) chat:reply("Hi " .. name .. "!") end)
            """, host: host)
        host.say("well, my name is Sam", to: bot)
        #expect(host.replyTexts == ["Hi Sam!"])
        #expect(host.failures.isEmpty)
    }

    @Test func firstMatchingPatternWinsAfterOnMessageAndFallbackOtherwise() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat) chat.memory.seen = (chat.memory.seen or 0) + 1 end)
            on("^hi", function(msg, chat) chat:reply("first") end)
            on("hi", function(msg, chat) chat:reply("second") end)
            fallback(function(msg, chat) chat:reply("fallback " .. chat.memory.seen) end)
            """, host: host)
        host.say("hi there", to: bot)
        host.say("oh hi", to: bot)
        host.say("bye", to: bot)
        #expect(host.replyTexts == ["first", "second", "fallback 3"])
    }

    @Test func ignoreCaseMatchesAnyCaseAndKeepsOriginalCaptures() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("^hello (%a+)", function(msg, chat, who) chat:reply(who) end, { ignore_case = true })
            fallback(function(msg, chat) chat:reply("no") end)
            """, host: host)
        host.say("HeLLo World", to: bot)
        #expect(host.replyTexts == ["World"])
    }

    /// Dispatch tries a pattern of up to two captures without a call, trusting the count
    /// `check_pattern` gives: whatever the pattern, the handler gets exactly the captures
    /// `string.find` gives (no more, no fewer, position captures as numbers).
    @Test(arguments: [
        ("^hi", "hi there", 0), ("weather in (%a+)", "the weather in Paris", 1),
        ("(%d+) ?%+ ?(%d+)", "12 + 30", 2), ("(%a)(%a)(%a)", "abc", 3), ("()x()", "a x", 2),
        ("%((%a+)%)", "say (this)", 1), ("[(]x[)]", "(x)", 0), ("%b()", "f(a(b))", 0),
        ("%f[%a](%a+)", "  word", 1), ("(h)(e)(l)(l)(o)", "hello", 5), ("(a(b)c)", "abc", 2),
        ("^(%a+) (%a+)$", "HELLO world", 2), ("[%(]x()", "(x", 1),
    ])
    func handlerGetsExactlyThePatternsCaptures(pattern: String, text: String, count: Int) throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            local pattern = [==[\(pattern)]==]
            on(pattern, function(msg, chat, ...)
              local got, expected = table.pack(...), table.pack(select(3, string.find(msg.text, pattern)))
              local same = got.n == expected.n
              for i = 1, got.n do same = same and got[i] == expected[i] end
              chat:reply(same and ("captures " .. got.n) or "mismatch")
            end)
            fallback(function(msg, chat) chat:reply("no match") end)
            """, host: host)
        host.say(text, to: bot)
        #expect(host.replyTexts == ["captures \(count)"])
        #expect(host.failures.isEmpty)
    }

    @Test func delayedReplyFiresOnTheVirtualClock() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:reply("now")
              chat:reply("later", { after = "90s" })
            end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.replyTexts == ["now"])
        #expect(bot.nextWakeTime == TestHost.start + .seconds(90))
        host.advance(.seconds(89), bot)
        #expect(host.replyTexts == ["now"])
        host.advance(.seconds(1), bot)
        #expect(host.replies.map(\.at) == [TestHost.start, TestHost.start + .seconds(90)])
        #expect(bot.isIdle)
    }

    @Test func typingDerivedFromLengthAndSpeed() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B", typing = { cps = 10 } }
            on_message(function(msg, chat) chat:reply("twenty characters!!!", { typing = true }) end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.typing == [TestHost.start + .seconds(2)])
        #expect(host.replyTexts.isEmpty)
        host.advance(.seconds(2), bot)
        #expect(host.replyTexts == ["twenty characters!!!"])
        #expect(host.typing == [TestHost.start + .seconds(2), nil])
    }

    @Test func explicitTypingAndMarks() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:mark("delivered")
              chat:wait(1)
              chat:mark("read")
              chat:typing("3s")
              chat:wait(3)
              chat:reply("done")
            end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.marks == [.delivered])
        host.advance(.seconds(1), bot)
        #expect(host.marks == [.delivered, .read])
        #expect(host.typing == [TestHost.start + .seconds(4)])
        host.advance(.seconds(3), bot)
        #expect(host.replyTexts == ["done"])
    }

    @Test func askWaitsForTheNextMessage() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("^signup", function(msg, chat)
              local name = chat:ask("What's your name?")
              local age = chat:ask("And your age, " .. name .. "?")
              chat:reply(name .. " is " .. age)
            end)
            fallback(function(msg, chat) chat:reply("fallback") end)
            """, host: host)
        host.say("signup", to: bot)
        host.say("Sam", to: bot)
        host.say("31", to: bot)
        host.say("hello", to: bot)
        #expect(host.replyTexts == ["What's your name?", "And your age, Sam?", "Sam is 31", "fallback"])
    }

    @Test func askTimesOutWithNil() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              local answer = chat:ask("Still there?", { timeout = "5m" })
              chat:reply(answer == nil and "gone" or answer)
            end)
            """, host: host)
        host.say("hi", to: bot)
        host.advance(.seconds(300), bot)
        #expect(host.replyTexts == ["Still there?", "gone"])
    }

    @Test func onOpenSeesFirstTime() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_open(function(chat, first) chat:reply(first and "nice to meet you" or "welcome back") end)
            """, host: host)
        bot.conversationOpened(firstTime: true)
        bot.conversationOpened(firstTime: false)
        #expect(host.replyTexts == ["nice to meet you", "welcome back"])
    }

    @Test func memoryPersistsAcrossReopen() throws {
        let folder = try ScriptFolder()
        let path = folder.write(
            "bot.lua",
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              chat.memory.count = (chat.memory.count or 0) + 1
              chat.memory.names = { "a", "b" }
              chat.memory.profile = { city = "Lyon", likes = 2.5, cat = true }
              chat:reply(tostring(chat.memory.count))
            end)
            """)
        let host = TestHost()
        do {
            let bot = try BotRuntime(scriptPath: path, limits: testLimits, host: host)
            host.say("x", to: bot)
            host.say("x", to: bot)
        }
        #expect(host.memory["count"] == "2")
        #expect(host.memory["names"] == #"["a","b"]"#)
        #expect(host.memory["profile"] == #"{"cat":true,"city":"Lyon","likes":2.5}"#)
        let reopened = TestHost(memory: host.memory)
        let bot = try BotRuntime(scriptPath: path, limits: testLimits, host: reopened)
        reopened.say("x", to: bot)
        #expect(reopened.replyTexts == ["3"])
    }

    @Test func unchangedMemoryIsNotSavedAgain() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat) chat.memory.greeted = true end)
            """, host: host)
        host.say("x", to: bot)
        host.say("x", to: bot)
        #expect(host.memorySaves == 1)
    }

    @Test func unstorableMemoryIsAClearError() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat) chat.memory.f = print end)
            """, host: host)
        host.say("x", to: bot)
        #expect(
            host.failures == [
                "bot.lua: memory.f is a function, which cannot be stored (use strings, numbers, booleans and tables)"
            ])
    }

    @Test func seedsResolveAgainstNow() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B", greeting = "You matched" }
            seed {
              { from = "them", text = "Hey!", at = "-1d 10:00" },
              { from = "me", text = "Hi", at = "-1d 10:02" },
              { from = "them", text = "Absolute", at = "2026-11-01 08:30" },
              { from = "them", text = "Relative", at = "-90m" },
              { from = "them", text = "Seconds", at = -60 },
            }
            """, host: host)
        let utc = TimeZone(identifier: "UTC")!
        let opening = bot.definition.openingMessages(now: TestHost.start, timeZone: utc)
        let day: Int64 = 86_400_000
        let startOfDay = TestHost.start.millisecondsSince1970 / day * day
        #expect(opening.map(\.text) == ["Hey!", "Hi", "Absolute", "Relative", "Seconds", "You matched"])
        #expect(opening.map(\.sender) == [.them, .me, .them, .them, .them, .system])
        #expect(opening[0].sentAt.millisecondsSince1970 == startOfDay - day + 10 * 3_600_000)
        #expect(opening[1].sentAt.millisecondsSince1970 == startOfDay - day + 10 * 3_600_000 + 120_000)
        #expect(opening[2].sentAt.millisecondsSince1970 == 1_793_521_800_000)
        #expect(opening[3].sentAt == TestHost.start - .seconds(5400))
        #expect(opening[4].sentAt == TestHost.start - .seconds(60))
        #expect(opening[5].sentAt == TestHost.start)
    }

    @Test func seedsAreTheSameAfterReload() throws {
        let folder = try ScriptFolder()
        let path = folder.write(
            "bot.lua",
            """
            bot { name = "B" }
            seed { { from = "them", text = "Hey!", at = "-1h" } }
            """)
        let bot = try BotRuntime(scriptPath: path, limits: testLimits, host: TestHost(), randomSeed: 1)
        let before = bot.definition.seeds
        try bot.reload()
        #expect(bot.definition.seeds == before)
        #expect(before.count == 1)
    }

    @Test func invalidDurationIsALoadError() {
        #expect(
            loadError(
                """
                bot { name = "B" }
                grouping { section_gap = "1hr" }
                """)
                == #"bot.lua:2: grouping: section_gap: invalid duration "1hr": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms"#
        )
    }

    @Test func invalidHeaderPatternIsALoadError() {
        let error = loadError(
            """
            bot { name = "B" }
            grouping { header = "{dya} {time}" }
            """)
        #expect(error?.hasPrefix("bot.lua:2: grouping: header: ") == true)
        #expect(error?.contains("{dya}") == true)
    }

    @Test func loadErrorsAreClear() {
        #expect(
            loadError("on('x', function() end)")
                == #"bot.lua: the script never declared the bot: add bot { name = "…" }"#)
        #expect(
            loadError("bot { name = 'B', nmae = 'x' }")
                == "bot.lua:1: bot: unknown option 'nmae' (known: name, greeting, initial, color, colour, typing, talkativeness)"
        )
        #expect(
            loadError("bot { name = 'B' }\non('(unclosed', function() end)")
                == #"bot.lua:2: on: bad pattern "(unclosed": unfinished capture"#)
        #expect(
            loadError("bot { name = 'B' }\nseed { { from = 'bob', text = 'x' } }")
                == #"bot.lua:2: seed: message 1: 'from' must be "me", "them" or "system""#)
        #expect(
            loadError("bot { name = 'B' }\nseed { { from = 'me', text = 'x', at = 'yesterday' } }")?.hasPrefix(
                #"bot.lua:2: seed: message 1: invalid time "yesterday""#) == true)
        #expect(loadError("bot { name = 'B' \n") == "bot.lua:2: '}' expected (to close '{' at line 1) near <eof>")
    }

    @Test func reloadReplacesHandlersWithoutDuplicatesAndKeepsMemory() throws {
        let folder = try ScriptFolder()
        let path = folder.write(
            "bot.lua",
            """
            bot { name = "B" }
            on_message(function(msg, chat) chat.memory.n = (chat.memory.n or 0) + 1; chat:reply("v1 " .. chat.memory.n) end)
            """)
        let host = TestHost()
        let bot = try BotRuntime(scriptPath: path, limits: testLimits, host: host)
        host.say("x", to: bot)
        folder.write(
            "bot.lua",
            """
            bot { name = "B2" }
            on_message(function(msg, chat) chat.memory.n = chat.memory.n + 1; chat:reply("v2 " .. chat.memory.n) end)
            """)
        try bot.reload()
        try bot.reload()
        host.say("x", to: bot)
        #expect(host.replyTexts == ["v1 1", "v2 2"])
        #expect(bot.definition.name == "B2")
    }

    @Test func failedReloadKeepsThePreviousBot() throws {
        let folder = try ScriptFolder()
        let path = folder.write(
            "bot.lua",
            """
            bot { name = "B" }
            on_message(function(msg, chat) chat:reply("old") end)
            """)
        let host = TestHost()
        let bot = try BotRuntime(scriptPath: path, limits: testLimits, host: host)
        folder.write(
            "bot.lua", "bot { name = 'B' }\non_message(function(msg, chat) chat:reply('new') end)\nerror('broken')")
        #expect(throws: ScriptError(file: "bot.lua", line: 3, reason: "broken")) { try bot.reload() }
        host.say("x", to: bot)
        #expect(host.replyTexts == ["old"])
    }

    @Test func randomIsReproducibleForASeed() throws {
        let source = """
            bot { name = "B" }
            on_message(function(msg, chat) chat:reply(tostring(math.random(1, 1000000))) end)
            """
        func run(seed: UInt64) throws -> [String] {
            let host = TestHost()
            let bot = try makeBot(source, host: host, seed: seed)
            host.say("x", to: bot)
            host.say("x", to: bot)
            return host.replyTexts
        }
        #expect(try run(seed: 7) == run(seed: 7))
        #expect(try run(seed: 7) != run(seed: 8))
    }

    @Test func clockIsTheConversationsClock() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:reply(string.format("%d %d %s", chat:now(), os.time(), os.date("!%Y-%m-%d %H:%M")))
            end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.replyTexts == ["1795201200 1795201200 2026-11-20 19:00"])
    }

    @Test func requireLoadsModulesFromTheBotsFolder() throws {
        let folder = try ScriptFolder()
        folder.write("lines/greetings.lua", "return { hello = 'Hello from a module' }")
        let path = folder.write(
            "bot.lua",
            """
            local greetings = require "lines.greetings"
            bot { name = "B" }
            on_message(function(msg, chat) chat:reply(greetings.hello) end)
            """)
        let host = TestHost()
        let bot = try BotRuntime(scriptPath: path, limits: testLimits, host: host)
        host.say("x", to: bot)
        #expect(host.replyTexts == ["Hello from a module"])
    }

    @Test func requireErrorsNameTheRequiringFileAndLine() throws {
        let folder = try ScriptFolder()
        folder.write("loop.lua", "return require 'loop'") // a tail call: no frame of loop.lua is left
        folder.write("broken.lua", "error('broken on purpose', 0)")
        let path = folder.write(
            "bot.lua",
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:reply(select(2, pcall(require, 42)))
              chat:reply(select(2, pcall(function() return require "loop" end)))
              chat:reply(select(2, pcall(require, "broken")))
              chat:reply(select(2, pcall(require, "broken")))
              require "../secret"
            end)
            """)
        let host = TestHost()
        let bot = try BotRuntime(scriptPath: path, limits: testLimits, host: host)
        host.say("x", to: bot)
        #expect(
            host.replyTexts == [
                "module '42' not found:\n\tno field package.preload['42']\n\tno file './42.lua'"
                    + "\n\tno file './42/init.lua'\n\tno file ''",
                "./loop.lua:1: require: module 'loop' requires itself",
                "broken on purpose",
                "broken on purpose", // not "requires itself": a module that failed can be required again
            ])
        #expect(
            host.failures == [
                "bot.lua:7: module '../secret' not found:  no field package.preload['../secret']  "
                    + "no file './///secret.lua'  no file './///secret/init.lua'  no file ''  no file ''"
            ])
    }

    @Test func printGoesToTheHost() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat) print("got", msg.text, 3) end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.logs == ["got\tx\t3"])
    }

    @Test func storeFailureBecomesAScriptError() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              local ok, err = pcall(chat.reply, chat, "x")
              chat:reply(ok and "stored" or err)
            end)
            """, host: host)
        host.failNextReply = true
        host.say("x", to: bot)
        #expect(host.replyTexts == ["bot.lua:3: chat:reply: the reply could not be stored: disk full"])
    }
}
