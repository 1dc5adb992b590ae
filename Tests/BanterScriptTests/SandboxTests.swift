import BanterCore
import Foundation
import LuaSandbox
import Testing

@testable import BanterLua
@testable import BanterScript

/// Hostile scripts: each test asserts the one line the user sees and that the bot still
/// answers afterwards. The attack runs in the fallback, whose body starts on line 4.
@Suite struct SandboxTests {
    /// Runs `body` as a handler; returns the reported failures and the replies it sent.
    func attack(_ body: String, limits: ScriptLimits = testLimits) throws -> (failures: [String], replies: [String]) {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("^ping$", function(msg, chat) chat:reply("pong") end)
            fallback(function(msg, chat)
            \(body)
            end)
            """, host: host, limits: limits)
        host.say("attack", to: bot)
        host.advance(.seconds(3600), bot)
        let failures = host.failures, replies = host.replyTexts
        host.say("ping", to: bot)
        #expect(host.replyTexts.last == "pong", "the bot must still answer after the attack")
        #expect(bot.isIdle)
        return (failures, replies)
    }

    static let stoppedByInstructions =
        "bot.lua:4: stopped: more than 2000000 instructions in one run (an endless loop?)"

    @Test func infiniteLoopIsStopped() throws {
        #expect(try attack("while true do end").failures == [Self.stoppedByInstructions])
    }

    @Test func infiniteLoopInsidePcallCannotSwallowTheStop() throws {
        let result = try attack("while true do pcall(function() while true do end end) end")
        #expect(result.failures == [Self.stoppedByInstructions])
    }

    @Test func errorHandlerCannotSwallowTheStop() throws {
        let result = try attack(
            """
            while true do xpcall(function() while true do end end, function(e) while true do end end) end
            """)
        #expect(result.failures == [Self.stoppedByInstructions])
    }

    @Test func infiniteLoopInsideCoroutinesIsStopped() throws {
        #expect(
            try attack("coroutine.wrap(function() while true do end end)()").failures == [Self.stoppedByInstructions])
        let resumed = try attack(
            """
            while true do coroutine.resume(coroutine.create(function() while true do end end)) end
            """)
        #expect(resumed.failures == [Self.stoppedByInstructions])
    }

    @Test func timeBudgetStopsLongRuns() throws {
        let limits = ScriptLimits(
            instructionsPerRun: Int(Int32.max) * 1000, timePerRun: .milliseconds(50), patternStepsPerRun: 200_000)
        #expect(
            try attack("while true do end", limits: limits).failures
                == ["bot.lua:4: stopped: ran longer than 0.05 seconds in one run (an endless loop?)"])
    }

    @Test func aLoopingFinalizerIsStoppedByTheBudget() throws {
        // Finalizers run as the script's own code, under the run's budget: never inside the
        // collector, where Lua would run them with the hook off.
        let result = try attack(
            """
            setmetatable({}, { __gc = function() while true do end end })
            collectgarbage()
            chat:reply("not reached")
            """)
        // stopped in the finalizer's loop, where the script asked for the collection
        #expect(result.failures == ["bot.lua:4: stopped: more than 2000000 instructions in one run (an endless loop?)"])
        #expect(result.replies.isEmpty)
        // Finalizers of objects the collector found while the handler ran: stopped in the loop.
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            fallback(function(msg, chat)
              local mt = { __gc = function() while true do end end }
              for i = 1, 100 do setmetatable({}, mt) end
              local junk = {} for i = 1, 100000 do junk[i] = {} end
            end)
            """, host: host)
        host.say("hi", to: bot)
        let stopped = "stopped (in a __gc finalizer): more than 2000000 instructions in one run (an endless loop?)"
        #expect(host.failures == ["bot.lua:3: \(stopped)"])
    }

    /// Finalizers the host runs after a run, whatever the run did: paused, failed, or
    /// finished after an earlier one left them behind. Each stop is the bot's failure,
    /// shown in its log and trace, with the finalizer's line.
    @Test func aLoopingFinalizerAfterAnyRunIsReported() throws {
        let stopped = "stopped (in a __gc finalizer): more than 2000000 instructions in one run (an endless loop?)"
        let garbage = """
            local mt = { __gc = function() while true do end end }
            for i = 1, 100 do setmetatable({}, mt) end
            local junk = {} for i = 1, 100000 do junk[i] = {} end
            """
        let paused = TestHost()
        let pausing = try makeBot(
            "bot { name = \"B\" }\nfallback(function(msg, chat)\n\(garbage)\nchat:wait(1) chat:reply(\"after\")\nend)",
            host: paused)
        paused.say("one", to: pausing)
        paused.advance(.seconds(5), pausing)
        #expect(paused.failures == ["bot.lua:3: \(stopped)"])
        #expect(paused.replyTexts.isEmpty)
        let failing = TestHost()
        let failed = try makeBot(
            "bot { name = \"B\" }\nfallback(function(msg, chat)\nif msg.text == \"one\" then\n\(garbage)\n"
                + "error(\"failed\") end\nchat:reply(\"second\")\nend)",
            host: failing)
        failing.say("one", to: failed)
        failing.say("two", to: failed)
        #expect(failing.failures == ["bot.lua:7: failed", "bot.lua:4: \(stopped)"])
        #expect(failing.replyTexts == ["second"])
    }

    @Test func finalizableObjectsStayUnderTheMemoryCap() throws {
        let result = try attack(
            """
            local mt = { __gc = function(o) keep = o end }
            local t = {} while true do t[#t + 1] = setmetatable({}, mt) end
            """,
            limits: ScriptLimits(
                instructionsPerRun: 100_000_000, timePerRun: .seconds(20), patternStepsPerRun: 200_000,
                memoryBytes: 8 << 20))
        #expect(result.failures == ["bot.lua:5: not enough memory (a bot may use at most 8 MiB)"])
    }

    @Test func finalizersNeverRunInsideHostCode() throws {
        var printed: [String] = []
        let state = try LuaState(limits: testLimits, now: { TestHost.start }, print: { printed.append($0) })
        state.register("host_collect") { [unowned state] _ in
            printed.append("host: collecting")
            banter_collect_garbage(state.L)
            printed.append("host: done")
            return .none
        }
        try state.run(
            source: """
                do setmetatable({}, { __gc = function() print("finalized after the run") end }) end
                host_collect()
                print("back in the script")
                """, chunkName: "script.lua")
        #expect(printed == ["host: collecting", "host: done", "back in the script", "finalized after the run"])
    }

    @Test func noFinalizerRunsWhenTheStateCloses() throws {
        var printed: [String] = []
        do {
            let state = try LuaState(limits: testLimits, now: { TestHost.start }, print: { printed.append($0) })
            try state.run(
                source: #"keep = setmetatable({}, { __gc = function() print("finalized") end })"#,
                chunkName: "script.lua")
        }
        #expect(printed.isEmpty)
    }

    @Test func aFailingFinalizerIsANoteAndTheBotCarriesOn() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              local mt = { __gc = function() error("boom") end }
              setmetatable({}, mt)
              collectgarbage()
              chat:reply(tostring(rawget(mt, "__gc") ~= nil))
            end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.replyTexts == ["true"])
        #expect(host.failures.isEmpty)
        #expect(host.logs == ["bot.lua:3: warning: error in __gc (boom)"])
    }

    @Test func patternBombsAreStopped() throws {
        let expected = ["bot.lua:4: stopped: pattern too complex (more than 200000 matching steps in one run)"]
        #expect(try attack(#"string.find(("a"):rep(5000), "a*a*b")"#).failures == expected)
        #expect(try attack(#"(("a"):rep(5000)):match(".-.-.-b")"#).failures == expected)
        #expect(try attack(#"string.gsub(("a"):rep(5000), "a*a*b", "")"#).failures == expected)
        #expect(try attack(#"for _ in string.gmatch(("a"):rep(5000), "a*a*b") do end"#).failures == expected)
        #expect(try attack(#"while true do pcall(string.find, ("a"):rep(5000), "a*a*b") end"#).failures == expected)
    }

    @Test func patternsStillWorkNormally() throws {
        let result = try attack(
            """
            local a, b, c = string.find("key = value", "(%w+)%s*=%s*(%w+)")
            local words = {}
            for w in ("one two  three"):gmatch("%a+") do words[#words + 1] = w end
            local swapped = string.gsub("hello world", "(%w+) (%w+)", "%2 %1")
            local balanced = string.match("f(a(b)c) x", "%b()")
            local frontier = select(2, string.gsub("THE (quick) fox", "%f[%a]%a+", "W"))
            chat:reply(table.concat({ a, b, c, #words, swapped, balanced, frontier, ("x.y"):find(".", 1, true) }, "|"))
            """)
        #expect(result.failures.isEmpty)
        #expect(result.replies == ["1|11|key|3|world hello|(a(b)c)|3|2|2"])
    }

    @Test func patternsGiveTheStandardLibrarysResults() throws {
        // Expected values printed by the stand-alone lua5.4 for the same calls: searches whose
        // first item lets the matcher skip start positions, and ones where it cannot.
        let result = try attack(
            #"""
            local cases = {
              {"hello world 42", "(%d+)"}, {"hello world 42", "%D+"}, {"x = 10 + 32", "(%d+) ?%+ ?(%d+)"},
              {"what's the weather in Paris?", "weather in (%a+)"}, {"a.b.c", "%.(%a)"}, {"  key_1 =", "()(%w+)()"},
              {"no digits here", "%d"}, {"tab	here", "%s(%a+)"}, {"[x]", "[%]x]+"}, {"abc", "^b"}, {"abcabc", "c", 4},
              {"abc", "b", 10}, {"WEATHER IN ROME", "[Ww]eather"}, {"a+b", "%+"}, {"café au lait", "%a+", 5},
              {"end", "d$"}, {"f(a(b)c)", "%b()"}, {"THE (quick) fox", "%f[%a]%a+"}, {"xyz", "%W"}, {"a1_b2", "%w+$"},
            }
            local out = {}
            for _, c in ipairs(cases) do
              local r = table.pack(string.find(c[1], c[2], c[3]))
              local parts = {}
              for i = 1, r.n do parts[#parts + 1] = tostring(r[i]) end
              out[#out + 1] = table.concat(parts, ",")
            end
            local words = {}
            for a, b in ("one 2 three 45 six"):gmatch("(%a+) (%d+)") do words[#words + 1] = a .. "=" .. b end
            for w in ("k1=v1, k2=v2"):gmatch("%w+=") do words[#words + 1] = w end
            for w in ("abc"):gmatch("[z", 10) do words[#words + 1] = w end
            chat:reply(table.concat(out, ";") .. " | " .. table.concat(words, " "))
            """#)
        #expect(result.failures.isEmpty)
        #expect(
            result.replies == [
                "13,14,42;1,12;5,11,10,32;12,27,Paris;2,3,b;3,5,3,key,6;nil;4,8,here;2,3;nil;6,6;nil;nil;2,2;7,8;3,3;2,8;1,3;nil;4,5"
                    + " | one=2 three=45 k1= k2="
            ])
    }

    @Test func malformedPatternsAreReportedAsByTheStandardLibrary() throws {
        #expect(
            try attack(#"string.find("no bracket", "[a")"#).failures == ["bot.lua:4: malformed pattern (missing ']')"])
        #expect(try attack(#"string.find("", "[a")"#).failures == ["bot.lua:4: malformed pattern (missing ']')"])
        // Never reached: no position matches the 'x' before it, so no error (as in lua5.4).
        #expect(try attack(#"chat:reply(tostring(string.find("no bracket here", "x[a")))"#).replies == ["nil"])
        #expect(
            try attack(#"string.match("abc", "(%")"#).failures
                == ["bot.lua:4: malformed pattern (ends with '%')"])
    }

    @Test func skippedStartPositionsAreChargedToThePatternBudget() throws {
        // No start position can match, so the matcher skips them all; 100 searches of 5000
        // positions still exceed a budget of 200 000 steps.
        let expected = ["bot.lua:4: stopped: pattern too complex (more than 200000 matching steps in one run)"]
        #expect(
            try attack(#"local s = ("a"):rep(5000) for _ = 1, 100 do string.find(s, "b+") end"#).failures == expected)
        #expect(
            try attack(#"local s = ("a"):rep(5000) for _ = 1, 100 do string.find(s, "%d") end"#).failures == expected)
    }

    @Test func aStoppedRunDoesNotShrinkTheNextRunsBudget() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("^loop$", function(msg, chat) while true do end end)
            on("^work$", function(msg, chat)
              local n = 0 for i = 1, 100000 do n = n + i end
              chat:reply(tostring(n))
            end)
            """, host: host)
        host.say("loop", to: bot)
        host.say("work", to: bot)
        host.say("work", to: bot)
        #expect(host.failures == [Self.stoppedByInstructions.replacingOccurrences(of: "bot.lua:4", with: "bot.lua:2")])
        #expect(host.replyTexts == ["5000050000", "5000050000"])
    }

    @Test func aCoroutineKeptFromAFinishedRunCannotBeResumed() throws {
        // Runs reuse finished coroutines, so the one kept may be running the next run: either
        // way a script cannot resume it.
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            local previous
            on_message(function(msg, chat)
              if previous then
                local ok = coroutine.resume(previous)
                chat:reply(tostring(ok) .. " " .. tostring(coroutine.status(previous) ~= "suspended"))
              end
              previous = coroutine.running()
            end)
            """, host: host)
        host.say("one", to: bot)
        host.say("two", to: bot)
        host.say("three", to: bot)
        #expect(host.failures.isEmpty)
        #expect(host.replyTexts == ["false true", "false true"])
    }

    @Test func stringRepBombsAreRefused() throws {
        #expect(
            try attack(#"local s = string.rep("x", 1e9)"#).failures
                == ["bot.lua:4: string.rep: the result would be larger than the bot's memory limit"])
        let empty = try attack(#"chat:reply("[" .. string.rep("", 1e18) .. "]")"#)
        #expect(empty.replies == ["[]"])
    }

    @Test func memoryBombsHitTheCap() throws {
        let expected = ["bot.lua:4: not enough memory (a bot may use at most 8 MiB)"]
        #expect(try attack(#"local s = "xxxxxxxx" while true do s = s .. s end"#).failures == expected)
        #expect(try attack("local t = {} while true do t[#t + 1] = {} end").failures == expected)
    }

    @Test func deepRecursionIsAnError() throws {
        let failures = try attack("local function f() return 1 + f() end f()").failures
        #expect(
            failures == ["bot.lua:4: stack overflow"]
                || failures == ["bot.lua:4: not enough memory (a bot may use at most 8 MiB)"])
    }

    @Test func tableMoveBombIsRefused() throws {
        #expect(
            try attack("table.move({}, 1, 1e15, 2)").failures == ["bot.lua:4: table.move: more than 1000000 elements"])
    }

    @Test func dangerousLibrariesAreUnreachable() throws {
        let absent = [
            "loadstring", "module", "setfenv", "getfenv", "newproxy", "debug.sethook",
            "debug.gethook", "debug.getlocal", "debug.setlocal", "debug.getregistry", "debug.setmetatable",
            "debug.getuservalue", "debug.setuservalue",
            "debug.debug", "debug.setcstacklimit", "package.loadlib",
        ]
        for name in absent {
            let (table, field) =
                name.contains(".")
                ? (String(name.prefix { $0 != "." }) + ".", String(name.drop { $0 != "." }.dropFirst())) : ("", name)
            let probe =
                "chat:reply(tostring(\(name)) .. tostring(_ENV.\(name)) .. tostring(\(table.isEmpty ? "_G." : table)\(field)) .. "
                + "tostring(rawget(\(table.isEmpty ? "_G" : String(table.dropLast())), '\(field)')))"
            #expect(try attack(probe).replies == ["nilnilnilnil"], "\(name)")
        }
        #expect(
            try attack("chat:reply(select(2, loadfile('/etc/passwd')))").replies
                == ["cannot open /etc/passwd: outside the bot's folder (a bot reads files in its own folder only)"])
        #expect(
            try attack("chat:reply((select(2, io.open('/etc/passwd'))))").replies == [
                "/etc/passwd: no files in the bot sandbox"
            ])
        #expect(
            try attack("collectgarbage('setpause', 1000)").failures == [
                "bot.lua:4: collectgarbage: 'setpause' is not available in "
                    + #"scripts (the host runs the collector; use "count", "collect", "step", "isrunning", "stop" or "restart")"#
            ])
        #expect(
            try attack("chat:reply((select(2, os.execute('true'))))").replies == ["no processes in the bot sandbox"])
        #expect(try attack("chat:reply(tostring(os.getenv('HOME')))").replies == ["nil"])
        #expect(
            try attack("local x = getmetatable('').__index.dump").failures == [
                "bot.lua:4: attempt to index a boolean value"
            ])
        #expect(try attack("string.dump(print)").failures == ["bot.lua:4: attempt to call a nil value (field 'dump')"])
        // Lua's templates read these inside the bot's folder ("." becomes "/"); a file name
        // that leaves it is never read (see LuaRuleTests.searchpathReadsOnlyInsideTheFolder)
        for name in ["/etc/passwd", "a//b", "a/../b", ".hidden", "a/", "a\\\\b", "a b"] {
            let failure = try attack("require '\(name)'").failures.first ?? ""
            let luaName = name.replacingOccurrences(of: "\\\\", with: "\\")
            #expect(failure.hasPrefix("bot.lua:4: module '\(luaName)' not found:"), "\(name): \(failure)")
        }
        #expect(
            try attack("require '../secret'").failures
                == [
                    "bot.lua:4: module '../secret' not found:  no field package.preload['../secret']  "
                        + "no file './///secret.lua'  no file './///secret/init.lua'  no file ''  no file ''"
                ])
    }

    @Test func closingAKilledCoroutineIsNotAvailable() throws {
        #expect(
            try attack("coroutine.close(coroutine.create(print))").failures
                == ["bot.lua:4: attempt to call a nil value (field 'close')"])
    }

    @Test func eachResumptionGetsAFreshBudget() throws {
        let result = try attack(
            """
            local function work() local n = 0 for i = 1, 300000 do n = n + i end return n end
            work() chat:wait(1) work() chat:wait(1) work() chat:reply("survived")
            """)
        #expect(result.failures.isEmpty)
        #expect(result.replies == ["survived"])
    }

    @Test func binaryChunksAreRefused() throws {
        let result = try attack(
            #"""
            local f, err = load("\27LuaT\0\25\147\13\10\26\10", "x", "b")
            chat:reply(tostring(f) .. " " .. err)
            """#)
        #expect(result.replies == ["nil attempt to load a binary chunk (mode is 't')"])
    }

    @Test func errorObjectsWhoseToStringRaisesDoNotAbort() throws {
        #expect(
            try attack("error(setmetatable({}, { __tostring = function() error('boom') end }))").failures
                == ["bot.lua:4: (error object is a table value)"])
        #expect(
            try attack("error(setmetatable({}, { __tostring = function() while true do end end }))").failures
                == ["bot.lua:4: (error object is a table value)"])
        #expect(try attack("error({ code = 42 })").failures == ["bot.lua:4: (error object is a table value)"])
        #expect(try attack("error('no position', 0)").failures == ["bot.lua:4: no position"])
    }

    @Test func librariesAreTheBotsOwnButTheirMetatablesStayLocked() throws {
        #expect(try attack("string.find = nil chat:reply(tostring(string.find))").replies == ["nil"])
        #expect(
            try attack("math.random = function() return 4 end chat:reply(tostring(math.random()))").replies == ["4"])
        // _G's metatable is the bot's own, as in Lua
        #expect(
            try attack("setmetatable(_G, { __index = function(_, k) return k end }) chat:reply(undefined_name)")
                .replies == ["undefined_name"])
        #expect(try attack("getmetatable('').__index = {}").failures == ["bot.lua:4: attempt to index a boolean value"])
    }

    /// A bot may replace any library function, as in Lua; Banter's own code (the bot API's
    /// Lua side, the prelude, the host) keeps its own references, so replies, budgets and
    /// error messages stay right.
    @Test func replacedLibraryFunctionsDoNotReachTheHost() throws {
        let hostile = """
            string.format = function() error("format replaced") end
            string.rep = function() return "" end
            string.find, string.gsub, string.sub = nil, nil, nil
            table.concat = function() return "concat replaced" end
            table.insert, table.unpack = nil, nil
            coroutine.resume = function() return false, "resume replaced" end
            coroutine.wrap, coroutine.yield = nil, nil
            pcall, xpcall, error, tostring, type, select = nil, nil, nil, nil, nil, nil
            math.floor, os.time = nil, nil
            """
        let replied = try attack(hostile + "\nchat:reply('still works', { after = 0 }) chat:reply(os.date('%Y', 0))")
        #expect(replied.failures.isEmpty)
        #expect(replied.replies == ["still works", "1970"])
        #expect(
            try attack(hostile + "\nwhile true do end").failures
                == ["bot.lua:13: stopped: more than 2000000 instructions in one run (an endless loop?)"])
        #expect(
            try attack(hostile + "\nlocal t = nil; t.x = 1").failures == [
                "bot.lua:13: attempt to index a nil value (local 't')"
            ])
        #expect(
            try attack(hostile + "\nchat:reply(42, 'x')").failures.first?.hasPrefix("bot.lua:13: chat:reply: ") == true)
        #expect(try attack(hostile + "\nchat:reply(('x'):rep(3))").replies == [""])
    }

    @Test func rebindingABuiltinChangesOnlyTheScriptsOwnGlobals() throws {
        // The bot API's own Lua code keeps the built-ins it started with.
        let result = try attack(
            """
            pairs, error, type, pcall, tostring, select, next = nil, nil, nil, nil, nil, nil, nil
            rawset(_G, "print", function() end)
            _G = nil
            chat:reply("still works", { after = 0 })
            """)
        #expect(result.failures.isEmpty)
        #expect(result.replies == ["still works"])
        #expect(
            try attack("print = nil print('x')").failures == ["bot.lua:4: attempt to call a nil value (global 'print')"]
        )
        let host = TestHost()
        let rebinding = try makeBot(
            """
            bot { name = "A" }
            print = function() end
            tostring = function() return "mine" end
            on_message(function(msg, chat) chat:reply(tostring(1)) print("hidden") end)
            """, host: host)
        let other = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat) chat:reply(tostring(1)) print("shown") end)
            """, host: host)
        host.say("x", to: rebinding)
        host.say("x", to: other)
        #expect(host.replyTexts == ["mine", "1"])
        #expect(host.logs == ["shown"])
        // while the script loads too: declaring handlers checks its arguments as before
        #expect(
            loadError(
                """
                pcall, error, type, pairs, tostring = nil, nil, nil, nil, nil
                bot { name = "B" }
                on("^hi", function() end, { ignore_case = true })
                on("(x", function() end)
                """) == "bot.lua:4: on: bad pattern \"(x\": unfinished capture")
    }

    @Test func callingAnUndefinedGlobalNamesIt() throws {
        #expect(try attack("rply('x')").failures == ["bot.lua:4: attempt to call a nil value (global 'rply')"])
    }

    @Test func collectionLoopsAreStoppedByTheTimeBudget() throws {
        let limits = ScriptLimits(
            instructionsPerRun: 1_000_000_000, timePerRun: .milliseconds(300), patternStepsPerRun: 200_000,
            memoryBytes: 8 << 20
        )
        let result = try attack(
            "local keep = {} for i = 1, 20000 do keep[i] = { i } end while true do collectgarbage() end", limits: limits
        )
        #expect(result.failures == ["bot.lua:4: stopped: ran longer than 0.3 seconds in one run (an endless loop?)"])
    }

    @Test func scriptGlobalsStillWork() throws {
        #expect(try attack("counter = (rawequal(1, 1) and 5) chat:reply(tostring(counter))").replies == ["5"])
    }

    @Test func outputIsCapped() throws {
        #expect(
            try attack(#"chat:reply(("x"):rep(5000))"#).failures
                == ["bot.lua:4: chat:reply: the reply is 5000 characters long; the limit is 4000"])
        let flood = try attack(#"for i = 1, 100 do chat:reply("spam") end"#)
        #expect(flood.failures == ["bot.lua:4: chat:reply: more than 20 replies in one handler run"])
        #expect(flood.replies.count == 20)
    }

    @Test func pausingOutsideTheHandlerIsAnError() throws {
        // coroutine.wrap puts the caller's place before the error, as Lua's does.
        #expect(
            try attack("coroutine.wrap(function() chat:wait(1) end)()").failures == [
                "bot.lua:4: bot.lua:4: chat:wait: can only pause a handler itself (not while the script loads, nor inside coroutine.create/wrap)"
            ])
        #expect(try attack("coroutine.yield()").failures == ["bot.lua:4: attempt to yield from outside a coroutine"])
        #expect(
            try attack("chat:reply(select(2, pcall(coroutine.yield)))").replies == [
                "attempt to yield from outside a coroutine"
            ])
    }

    @Test func loadTimeLoopsAreStopped() {
        #expect(
            loadError("while true do end")
                == "bot.lua:1: stopped: more than 2000000 instructions in one run (an endless loop?)")
    }

    @Test func extraGlobalsRunInTheSameSandbox() throws {
        var seen: [String] = []
        let state = try LuaState(limits: testLimits, now: { TestHost.start })
        state.register("me") { arguments in
            seen.append(arguments.first?.stringValue ?? "?")
            return .none
        }
        try state.run(source: #"me "hi" me "there""#, chunkName: "scenario.lua")
        #expect(seen == ["hi", "there"])
        try state.run(source: "me(tostring(loadstring))", chunkName: "scenario.lua")
        #expect(seen == ["hi", "there", "nil"])
        #expect(throws: ScriptError(file: "scenario.lua", line: 1, reason: "attempt to call a nil value (global 'me')"))
        {
            try state.run(source: "me = nil me 'x'", chunkName: "scenario.lua")
        }
    }
}
