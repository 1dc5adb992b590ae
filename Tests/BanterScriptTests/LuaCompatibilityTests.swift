import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

/// What real Lua code relies on and the sandbox now gives as Lua 5.4 does: raw access,
/// undefined globals reading as nil (noted once per place while handlers run), `require` of
/// the standard libraries, `collectgarbage`, and a top level that is not a coroutine.
@Suite struct LuaCompatibilityTests {
    /// Runs `source` as a plain script (with `modules`, name to source, in its folder) and
    /// returns what it printed.
    func run(_ source: String, modules: [String: String] = [:]) throws -> [String] {
        var printed: [String] = []
        let folder = try TemporaryFolder(prefix: "banter-lua-compat")
        for (name, text) in modules {
            try text.write(toFile: folder.file(name + ".lua"), atomically: true, encoding: .utf8)
        }
        let state = try LuaState(
            limits: testLimits, moduleDirectory: modules.isEmpty ? nil : folder.path, now: { TestHost.start },
            print: { printed.append($0) }
        )
        try state.run(source: source, chunkName: "script.lua")
        return printed
    }

    @Test func rawAccessWorksOnTheScriptsOwnTables() throws {
        #expect(
            try run(
                """
                local t = setmetatable({}, { __index = function() return "meta" end, __newindex = function() error("no") end })
                rawset(t, "k", 1)
                print(rawget(t, "k"), rawget(t, "other"), t.other, rawset(t, "j", 2) == t, t.j)
                """) == ["1\tnil\tmeta\ttrue\t2"])
    }

    @Test func rawAccessWorksOnLibrariesAsOnAnyTable() throws {
        #expect(
            try run(
                """
                print(rawget(string, "format") == string.format, rawget(_G, "print") == print, rawget(_G, "nope"))
                print(rawset(math, "pi", 3) == math, math.pi)
                local say = print
                say(pcall(rawset, _G, "print", "mine"), print, say == rawget(_G, "say"))
                say(pcall(rawset, _G, "mine", 1), mine)
                say((pcall(setmetatable, table, {})), rawequal(select(2, pcall(setmetatable, _G, {})), _G))
                """) == [
                    "true\ttrue\tnil",
                    "true\t3",
                    "true\tmine\tfalse",
                    "true\t1",
                    "true\ttrue", // _G's metatable is the script's, as in Lua
                ])
    }

    @Test func globalNamesCanBeReboundAsInLua() throws {
        #expect(
            try run(
                """
                local inspect = function(t) return "{ " .. table.concat(t, ", ") .. " }" end
                local save = _G.tostring
                _G.tostring = inspect
                local s = tostring({ 1, 2, 3 })
                _G.tostring = save
                print(s, tostring(1))
                local n = 0 for name, value in pairs(_G) do if value == print or name == "string" then n = n + 1 end end
                print(n, _G._G == _G, next(_G) ~= nil)
                """) == ["{ 1, 2, 3 }\t1", "2\ttrue\ttrue"])
    }

    @Test func finalizersRunWhenTheScriptCollects() throws {
        #expect(
            try run(
                """
                local last
                local mt = { __gc = function(o) last = o.name end }
                local v = setmetatable({ name = "v" }, mt)
                print(getmetatable(v).__gc == mt.__gc)
                collectgarbage()
                print(last)
                v = nil
                collectgarbage()
                print(last)
                local weak = setmetatable({}, { __mode = "k" })
                local again = setmetatable({}, { __gc = function(o) weak[o] = true; resurrected = o end })
                again = nil
                collectgarbage()
                print(resurrected ~= nil, next(weak) ~= nil)
                """) == ["true", "nil", "v", "true\ttrue"])
    }

    @Test func debugOffersASubset() throws {
        #expect(
            try run(
                """
                local function where() local info = debug.getinfo(2, "Sl") return info.short_src .. ":" .. info.currentline end
                local function named() return debug.getinfo(1, "n") end
                print(where(), named().name, named().namewhat)
                local info = debug.getinfo(where, "Su")
                print(info.what, info.source, info.linedefined, info.lastlinedefined, info.nups, info.nparams, info.isvararg)
                local host = debug.getinfo(require, "S")
                print(host.what, host.short_src, host.linedefined, debug.getinfo(print).what)
                print(debug.getinfo(1, "f").func ~= nil, debug.getinfo(100), require "debug" == debug)
                local function f() error("x") end
                local function g() return debug.traceback("oops", 1) end
                print(g())
                print(debug.traceback(42), debug.traceback({}) ~= nil)
                local mt = { __metatable = "locked" }
                local t = setmetatable({}, mt)
                print(getmetatable(t), debug.getmetatable(t) == mt, debug.getmetatable(string), debug.getmetatable(""))
                print(debug.sethook, debug.getlocal, debug.setmetatable, debug.getregistry, type(debug.getupvalue))
                """) == [
                    "script.lua:3\tnamed\tlocal",
                    "Lua\t@script.lua\t1\t1\t1\t0\tfalse",
                    "C\t[C]\t-1\tC",
                    "true\tnil\ttrue",
                    "oops\nstack traceback:\n\tscript.lua:10: in local 'g'\n\tscript.lua:11: in main chunk",
                    "42\nstack traceback:\n\tscript.lua:12: in main chunk\ttrue",
                    "locked\ttrue\tnil\tfalse",
                    "nil\tnil\tnil\tnil\tfunction",
                ])
    }

    @Test func tracebacksShowBanterFunctionsAsLuaShowsCFunctions() throws {
        // What lua5.4 prints for the same script, less the "[C]: in ?" below its main chunk.
        let module = """
            local info = debug.getinfo(2, "S")
            return { requirer = info.what, tb = debug.traceback("in module") }
            """
        #expect(
            try run(
                """
                local function f() return debug.traceback("in f", 1) end
                print(select(2, xpcall(function() error(f()) end, function(e) return e end)))
                local m = require "mod"
                print(m.requirer) print(m.tb)
                local co = coroutine.wrap(function() print(debug.traceback("in co")) coroutine.yield() end)
                co()
                print(setmetatable({}, { __tostring = function() return debug.traceback("tostring", 1) end }))
                local paused = coroutine.create(function() coroutine.yield() end)
                coroutine.resume(paused)
                print(debug.traceback(paused), debug.getinfo(paused, 1, "l").currentline)
                print(select(2, xpcall(error, debug.traceback, "handled")))
                """, modules: ["mod": module]) == [
                    "script.lua:2: in f\nstack traceback:\n\tscript.lua:1: in upvalue 'f'\n\tscript.lua:2: in function <script.lua:2>"
                        + "\n\t[C]: in function 'xpcall'\n\tscript.lua:2: in main chunk",
                    "C",
                    "in module\nstack traceback:\n\t./mod.lua:2: in main chunk\n\t[C]: in function 'require'\n\tscript.lua:3: in main chunk",
                    "in co\nstack traceback:\n\tscript.lua:5: in function <script.lua:5>",
                    "tostring\nstack traceback:\n\tscript.lua:7: in function <script.lua:7>\n\t[C]: in function 'print'\n\tscript.lua:7: in main chunk",
                    "stack traceback:\n\t[C]: in function 'coroutine.yield'\n\tscript.lua:8: in function <script.lua:8>\t8",
                    // the handler runs where the error was raised, as in Lua
                    "handled\nstack traceback:\n\t[C]: in function 'error'\n\t[C]: in function 'xpcall'"
                        + "\n\tscript.lua:11: in main chunk",
                ])
    }

    @Test func packageLoadedIsTheScriptsOwnModuleTable() throws {
        #expect(
            try run(
                """
                local first = require "counter"
                print(package.loaded.counter == first, require "counter" == first, count)
                package.loaded.counter = nil
                print(require "counter" ~= first, count, require "package" == package, package.loaded.string == string)
                print(package.path, package.config:sub(1, 1), package.loadlib, #package.searchers, package.cpath)
                """, modules: ["counter": "count = (count or 0) + 1\nreturn { count = count }"])
                == ["true\ttrue\t1", "true\t2\ttrue\ttrue", "./?.lua;./?/init.lua\t/\tnil\t4\t"])
    }

    @Test func featureDetectionOfAbsentGlobalsWorks() throws {
        #expect(
            try run(
                """
                local unpack = unpack or table.unpack
                local load = loadstring or load
                local getmt = debug and debug.getmetatable or getmetatable
                if rawget then print("raw") end
                print(unpack({ 1, 2 }), load("return 3")(), getmt("") , setfenv, _ENV.jit)
                """) == ["raw", "1\t3\tfalse\tnil\tnil"])
    }

    @Test func requireReturnsTheStandardLibraries() throws {
        #expect(
            try run(
                """
                print(require "string" == string, require "table" == table, require "math" == math,
                  require "utf8" == utf8, require "coroutine" == coroutine, require "os" == os, require "_G" == _G)
                """) == ["true\ttrue\ttrue\ttrue\ttrue\ttrue\ttrue"])
    }

    @Test func collectgarbageMeasuresAndCollects() throws {
        let printed = try run(
            """
            local before = collectgarbage("count")
            local junk = {} for i = 1, 10000 do junk[i] = { i } end
            local grown = collectgarbage("count")
            junk = nil
            print(collectgarbage("collect"), collectgarbage(), type(collectgarbage("step")), collectgarbage("isrunning"))
            print(math.type(before), grown > before + 100, collectgarbage("count") < grown)
            print(pcall(collectgarbage, "generational"))
            print(pcall(collectgarbage, "nonsense"))
            """)
        #expect(
            printed == [
                "0\t0\tboolean\ttrue",
                "float\ttrue\ttrue",
                "false\tscript.lua:7: collectgarbage: 'generational' is not available in scripts (the host runs the collector; "
                    + #"use "count", "collect", "step", "isrunning", "stop" or "restart")"#,
                "false\tbad argument #1 to 'collectgarbage' (invalid option 'nonsense')",
            ])
    }

    /// The host's collector is generational, where Lua reports every step as false; a loop
    /// that steps until a cycle ends must still end.
    @Test func steppingTheCollectorFinishesACycle() throws {
        #expect(
            try run(
                """
                local steps = 0
                repeat steps = steps + 1 until collectgarbage("step") or steps > 100
                print(steps)
                """) == ["1"])
    }

    @Test func aStoppedCollectorIsRestartedWhenTheRunEnds() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
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
        #expect(
            try run(
                """
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
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              chat:reply(tostring(coroutine.isyieldable()) .. " " .. tostring(select(2, coroutine.running())))
              xpcall(function() chat:wait(1) end, print) -- pausing inside pcall and xpcall works
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
        let bot = try makeBot(
            """
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
        let bot = try makeBot(
            """
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
        #expect(
            host.logs == [
                "bot.lua:4: note: 'rply' is not defined (it reads as nil; misspelt?)",
                "bot.lua:5: note: 'rply' is not defined (it reads as nil; misspelt?)",
                "bot.lua:6: note: 'reply_count' is not defined (it reads as nil; misspelt?)",
            ])
    }

    @Test func notesOfComputedNamesAreCapped() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat) for i = 1, 100 do local _ = _G["name" .. i] end end)
            """, host: host)
        host.say("x", to: bot)
        #expect(host.logs.count == LoadedBot.maxNotes)
    }
}
