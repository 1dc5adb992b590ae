import BanterChat
import BanterCore
import BanterLua
import BanterScript
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// A scenario loaded in a Lua state put back to where the support code had loaded
/// (`ScenarioStatePool`) runs exactly as one loaded in a new state: the same transcript and
/// failures, however the scenario before it changed its globals, random generator, string
/// metatable or required modules, or failed to load.
@Suite struct ScenarioStatePoolTests {
    static let bot = """
        bot { name = "Echo" }
        on_message(function(msg, chat) chat:reply("echo " .. msg.text) end)
        """
    static let module = """
        local calls = 0
        return { bump = function() calls = calls + 1; return calls end }
        """
    /// Changes what it can of its state, and says what it found, so a leftover shows.
    static let changing = """
        scenario { bot = "bot.lua", start = "2026-11-20 19:00", seed = 7 }
        local shared = require("shared")
        leak = (rawget(_G, "leak") or 0) + 1
        local shouted = type(("x").shout)
        string.shout = function(s) return s:upper() end
        me("a " .. leak .. " " .. math.random(1000) .. " " .. shared.bump() .. " " .. shouted .. " " .. os.time())
        expect_reply(function(text)
          seen = (seen or 0) + 1
          return text:find("^echo a 1 ") ~= nil and seen == 1
        end)
        expect_reply { pattern = "^never" }
        """
    static let other = """
        scenario { bot = "bot.lua", title = "other" }
        me "b"
        expect_reply "echo b"
        """

    /// The messages and failures a run left, as text lines.
    private func outcome(_ folder: TemporaryFolder, _ name: String, pool: ScenarioStatePool?) throws -> [String] {
        let script = try ScenarioScript(path: folder.file(name), pool: pool)
        let runner = try ScenarioRunner(script: script, store: ChatStore(path: ":memory:"))
        let failures = try runner.run()
        return runner.session.messages.map { "\($0.sender.role) \($0.sentAt.millisecondsSince1970) \($0.text)" }
            + failures.map(\.description) + script.sourceFiles
    }

    private func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        try folder.write("shared.lua", Self.module)
        try folder.write("changing.lua", Self.changing)
        try folder.write("other.lua", Self.other)
        try folder.write("broken.lua", "scenario { bot = \"bot.lua\" }\nleak = 99\nme(\"x\" .. nil)")
        return folder
    }

    @Test func aReusedStateGivesTheOutcomeOfAFreshOne() throws {
        let folder = try folder()
        let changing = try outcome(folder, "changing.lua", pool: nil)
        let other = try outcome(folder, "other.lua", pool: nil)
        #expect(changing.contains { $0.hasPrefix("me 1795201200000 a 1 ") && $0.contains(" 1 nil ") }, "\(changing)")
        #expect(changing.contains { $0.contains("^never") && $0.hasSuffix("got no reply") }, "\(changing)")
        #expect(changing.filter { $0.contains("changing.lua:") }.count == 1, "the predicate held: \(changing)")
        let pool = ScenarioStatePool()
        for _ in 0..<3 {
            #expect(try outcome(folder, "changing.lua", pool: pool) == changing)
            #expect(throws: ScriptError.self) { try outcome(folder, "broken.lua", pool: pool) }
            #expect(try outcome(folder, "other.lua", pool: pool) == other)
        }
        #expect(pool.reuses == 8)
    }

    @Test func aScenarioStillLoadingKeepsItsStateToItself() throws {
        let folder = try folder()
        let pool = ScenarioStatePool()
        let first = try ScenarioScript(path: folder.file("changing.lua"), pool: pool)
        let second = try ScenarioScript(path: folder.file("other.lua"), pool: pool)
        #expect(first.state !== second.state)
        #expect(first.settings.title == "changing" && second.settings.title == "other")
        #expect(try first.matches(.pattern("^e"), text: "echo", now: first.settings.start))
    }
}
