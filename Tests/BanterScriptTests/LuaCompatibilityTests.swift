import BanterCore
import Foundation
import Testing
@testable import BanterScript

/// What real Lua code relies on and the sandbox now gives as Lua 5.4 does: raw access,
/// undefined globals reading as nil (noted once per place while handlers run), `require` of
/// the standard libraries, `collectgarbage`, and a top level that is not a coroutine.
@Suite struct LuaCompatibilityTests {
    /// Runs `source` as a plain script and returns what it printed.
    func run(_ source: String) throws -> [String] {
        var printed: [String] = []
        let state = try LuaState(limits: testLimits, now: { TestHost.start }, print: { printed.append($0) })
        try state.run(source: source, chunkName: "script.lua")
        return printed
    }

    @Test func rawAccessWorksOnTheScriptsOwnTables() throws {
        #expect(try run("""
            local t = setmetatable({}, { __index = function() return "meta" end, __newindex = function() error("no") end })
            rawset(t, "k", 1)
            print(rawget(t, "k"), rawget(t, "other"), t.other, rawset(t, "j", 2) == t, t.j)
            """) == ["1\tnil\tmeta\ttrue\t2"])
    }

    @Test func rawAccessSeesLibrariesAndBuiltinsButCannotChangeThem() throws {
        #expect(try run("""
            print(rawget(string, "format") == string.format, rawget(_G, "print") == print, rawget(_G, "nope"))
            print(pcall(rawset, math, "pi", 3))
            print(pcall(rawset, _G, "require", print))
            print(pcall(rawset, _G, "mine", 1), mine)
            print(pcall(setmetatable, table, {}))
            """) == [
                "true\ttrue\tnil",
                "false\tscript.lua:2: cannot modify the 'math' library (tried to set 'pi')",
                "false\tscript.lua:3: cannot replace the built-in 'require'",
                "true\t1",
                "false\tcannot change a protected metatable",
            ])
    }

    @Test func featureDetectionOfAbsentGlobalsWorks() throws {
        #expect(try run("""
            local unpack = unpack or table.unpack
            local load = loadstring or load
            local getmt = debug and debug.getmetatable or getmetatable
            if rawget then print("raw") end
            print(unpack({ 1, 2 }), load("return 3")(), getmt("") , setfenv, _ENV.jit)
            """) == ["raw", "1\t3\tfalse\tnil\tnil"])
    }

    @Test func requireReturnsTheStandardLibraries() throws {
        #expect(try run("""
            print(require "string" == string, require "table" == table, require "math" == math,
              require "utf8" == utf8, require "coroutine" == coroutine, require "os" == os, require "_G" == _G)
            """) == ["true\ttrue\ttrue\ttrue\ttrue\ttrue\ttrue"])
    }

    @Test func collectgarbageMeasuresAndCollects() throws {
        let printed = try run("""
            local before = collectgarbage("count")
            local junk = {} for i = 1, 10000 do junk[i] = { i } end
            local grown = collectgarbage("count")
            junk = nil
            print(collectgarbage("collect"), collectgarbage(), type(collectgarbage("step")), collectgarbage("isrunning"))
            print(math.type(before), grown > before + 100, collectgarbage("count") < grown)
            print(pcall(collectgarbage, "generational"))
            print(pcall(collectgarbage, "nonsense"))
            """)
        #expect(printed == [
            "0\t0\tboolean\ttrue",
            "float\ttrue\ttrue",
            "false\tscript.lua:7: collectgarbage: 'generational' is not available in scripts (the host runs the collector; "
                + #"use "count", "collect", "step", "isrunning", "stop" or "restart")"#,
            "false\tbad argument #1 to 'collectgarbage' (invalid option 'nonsense')",
        ])
    }

    @Test func aStoppedCollectorIsRestartedWhenTheRunEnds() throws {
        let host = TestHost()
        let bot = try makeBot("""
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:reply(tostring(collectgarbage("isrunning")))
              collectgarbage("stop")
              chat:reply(tostring(collectgarbage("isrunning")))
            end)
            """, host: host)
        host.say("x", to: bot)
        host.say("y", to: bot)
        #expect(host.replyTexts == ["true", "false", "true", "false"])
    }

    @Test func theTopLevelIsNotACoroutine() throws {
        #expect(try run("""
            local main, ismain = coroutine.running()
            print(type(main), ismain, coroutine.isyieldable(), coroutine.isyieldable(main), coroutine.status(main))
            print(pcall(coroutine.yield, 1))
            local co = coroutine.create(function()
              local me, isme = coroutine.running()
              print(type(me), isme, coroutine.isyieldable(), coroutine.status(main))
              print(coroutine.yield("paused"))
              return "done"
            end)
            print(coroutine.resume(co))
            print(coroutine.resume(co, "again"))
            """) == [
                "thread\ttrue\tfalse\tfalse\trunning",
                "false\tattempt to yield from outside a coroutine",
                "thread\tfalse\ttrue\tnormal",
                "true\tpaused",
                "again",
                "true\tdone",
            ])
    }

    @Test func handlersSeeTheSameMainThreadAndStillPause() throws {
        let host = TestHost()
        let bot = try makeBot("""
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:reply(tostring(coroutine.isyieldable()) .. " " .. tostring(select(2, coroutine.running())))
              chat:wait(1)
              chat:reply("after the wait")
            end)
            """, host: host)
        host.say("x", to: bot)
        host.advance(.seconds(2), bot)
        #expect(host.replyTexts == ["false true", "after the wait"])
        #expect(host.failures.isEmpty)
    }

    @Test func aPausedHandlerCannotBeResumedByTheScript() throws {
        let host = TestHost()
        let bot = try makeBot("""
            bot { name = "B" }
            local paused
            on("^wait", function(msg, chat)
              paused = coroutine.running()
              chat:wait(10)
              chat:reply("woke up")
            end)
            on("^poke", function(msg, chat)
              chat:reply(table.concat({ tostring(coroutine.resume(paused)) }, " ") .. " " .. select(2, coroutine.resume(paused)))
            end)
            """, host: host)
        host.say("wait", to: bot)
        host.say("poke", to: bot)
        host.advance(.seconds(20), bot)
        #expect(host.replyTexts == ["false cannot resume non-suspended coroutine", "woke up"])
        #expect(host.failures.isEmpty)
    }

    @Test func undefinedGlobalsInHandlersAreNotedOncePerPlace() throws {
        let host = TestHost()
        let bot = try makeBot("""
            local unpack = unpack or table.unpack -- feature detection while loading: no note
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:reply(tostring(rply))
              chat:reply(tostring(rply))
              if not reply_count then chat:reply("no count") end
            end)
            """, host: host)
        host.say("x", to: bot)
        host.say("y", to: bot)
        #expect(host.replyTexts == ["nil", "nil", "no count", "nil", "nil", "no count"])
        #expect(host.failures.isEmpty)
        #expect(host.logs == [
            "bot.lua:4: note: 'rply' is not defined (it reads as nil; misspelt?)",
            "bot.lua:5: note: 'rply' is not defined (it reads as nil; misspelt?)",
            "bot.lua:6: note: 'reply_count' is not defined (it reads as nil; misspelt?)",
        ])
    }

    @Test func notesOfComputedNamesAreCapped() throws {
        let host = TestHost()
        let bot = try makeBot("""
            bot { name = "B" }
            on_message(function(msg, chat) for i = 1, 100 do local _ = _G["name" .. i] end end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.logs.count == LoadedBot.maxNotes)
    }
}
