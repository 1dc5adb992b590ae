import BanterChat
import BanterCore
import BanterLua
import BanterScript
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// A bot put back to its loaded state (`LoadedBotPool`) behaves exactly as one loaded
/// afresh: the same transcript, run after run, however the previous run changed its globals,
/// upvalues, memory, random generator, string metatable or required modules; and a load
/// that depended on its host, or files that changed, are never reused.
@Suite struct LoadedBotPoolTests {
    /// Changes everything a run can change, and says what it found, so a leftover shows.
    static let bot = """
        bot { name = "Mutable" }
        local helper = require("helper")
        counter = 0
        local seen = {}
        local upvalue = 10
        on_open(function(chat)
          chat:reply("open " .. tostring(counter) .. " " .. tostring(rawget(_G, "leak")) .. " " .. helper.calls())
        end)
        on_message(function(msg, chat)
          counter = counter + 1
          upvalue = upvalue * 2
          seen[#seen + 1] = msg.text
          leak = (leak or 0) + 1
          string.shout = function(s) return s:upper() end
          chat.memory.visits = (chat.memory.visits or 0) + 1
          helper.bump()
          chat:reply(table.concat({
            counter, upvalue, #seen, leak, math.random(1000), chat.memory.visits, helper.calls(),
            type(("x").shout),
          }, " "))
        end)
        """
    static let helper = """
        local calls = 0
        return { bump = function() calls = calls + 1 end, calls = function() return tostring(calls) end }
        """
    static let scenario = """
        scenario { bot = "bot.lua", start = "2026-11-20 19:00", seed = 7 }
        me "one"
        me "two"
        wait "1m"
        me "three"
        """

    /// The messages a run left, as text lines.
    private func transcript(_ folder: TemporaryFolder, pool: LoadedBotPool?) throws -> [String] {
        let script = try ScenarioScript(path: folder.file("talk.lua"))
        let runner = try ScenarioRunner(
            script: script, store: ChatStore(path: ":memory:"), loadedBots: pool)
        let failures = try runner.run()
        #expect(failures.isEmpty, "\(failures)")
        return runner.session.messages.map { "\($0.sender.role) \($0.sentAt.millisecondsSince1970) \($0.text)" }
    }

    private func folder(bot: String = LoadedBotPoolTests.bot) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", bot)
        try folder.write("helper.lua", Self.helper)
        try folder.write("talk.lua", Self.scenario)
        return folder
    }

    @Test func aReusedBotGivesTheTranscriptOfAFreshOne() throws {
        let folder = try folder()
        let fresh = try transcript(folder, pool: nil)
        #expect(fresh.contains("them 1795201200000 open 0 nil 0"), "\(fresh)")
        let pool = LoadedBotPool()
        for _ in 0..<3 { #expect(try transcript(folder, pool: pool) == fresh) }
        #expect(pool.reuses == 2)
    }

    @Test func aLoadThatReadTheClockOrPrintedIsNotReused() throws {
        for line in ["started = os.time()", "print(\"loading\")"] {
            let folder = try folder(bot: Self.bot + "\n" + line + "\n")
            let pool = LoadedBotPool()
            let first = try transcript(folder, pool: pool)
            #expect(try transcript(folder, pool: pool) == first)
            #expect(pool.reuses == 0, "\(line)")
        }
    }

    @Test func aChangedFileIsLoadedAgain() throws {
        let folder = try folder()
        let pool = LoadedBotPool()
        _ = try transcript(folder, pool: pool)
        try folder.write("helper.lua", Self.helper.replacingOccurrences(of: "tostring(calls)", with: "\"n\" .. calls"))
        let changed = try transcript(folder, pool: pool)
        #expect(changed.contains { $0.hasSuffix("open 0 nil n0") }, "\(changed)")
        #expect(pool.reuses == 0)
        #expect(try transcript(folder, pool: pool) == changed)
        #expect(pool.reuses == 1)
    }

    @Test func aRunThatGrewTheStateALotIsPutBack() throws {
        // 8 MiB kept at load, 16 MiB more for a while in each run: the restore hands the
        // pages above the loaded state back to the system, and the next run starts clean.
        let big = """
            bot { name = "Big" }
            local keep = {}
            for i = 1, 8 do keep[i] = string.rep(string.char(64 + i), 1 << 20) end
            on_message(function(msg, chat)
              local grown = {}
              for i = 1, 16 do grown[i] = string.rep("z", 1 << 20) end
              keep[#keep + 1] = "x"
              chat:reply(tostring(#keep) .. " " .. keep[8]:sub(1, 3) .. " " .. #grown[16])
            end)
            """
        let folder = try folder(bot: big)
        let pool = LoadedBotPool()
        for _ in 0..<3 {
            let script = try ScenarioScript(path: folder.file("talk.lua"))
            let runner = try ScenarioRunner(script: script, store: ChatStore(path: ":memory:"), loadedBots: pool)
            #expect(try runner.run().isEmpty)
            #expect(runner.session.messages.last?.text == "11 HHH 1048576")
        }
        #expect(pool.reuses == 2)
    }
}
