import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterLua
import BanterScript
import BanterTestSupport
import Testing

/// A run-time error in a bot names the bot's own frames, most recent first, with Banter's
/// support code left out.
@Suite struct ScriptFramesTests {
    @Test func anErrorThroughHelpersListsEachFrame() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "Deep" }
                local function explode(x)
                  local value = x.field.missing
                  return value
                end
                local function helper(msg)
                  local result = explode(msg)
                  return result
                end
                on("^boom", function(msg, chat)
                  chat:reply(helper({}))
                end)
                fallback(function(msg, chat) error("plain") end)
                """)
        try fixture.session.send("boom")
        #expect(
            fixture.notices == [
                """
                bot.lua:3: attempt to index a nil value (field 'field')
                  at bot.lua:3 in upvalue 'explode'
                  at bot.lua:7 in upvalue 'helper'
                  at bot.lua:11 in handler
                """
            ])
        fixture.clearEvents()
        // An error in the handler itself is one line, as before.
        try fixture.session.send("other")
        #expect(fixture.notices == ["bot.lua:13: plain"])
    }

    @Test func framesInAModuleAreNamedByTheirFile() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "M" }
                fallback(function(msg, chat) chat:reply(require("tools").shout(nil)) end)
                """)
        _ = try fixture.folder.write(
            "tools.lua",
            """
            local M = {}
            function M.shout(text)
              return text:upper()
            end
            return M
            """)
        try fixture.session.send("x")
        let lines = try #require(fixture.notices.first).split(separator: "\n").map(String.init)
        // a module is named as Lua names the file require opened: "./tools.lua"
        #expect(lines.first == "./tools.lua:3: attempt to index a nil value (local 'text')")
        #expect(lines.dropFirst() == ["  at ./tools.lua:3 in field 'shout'", "  at bot.lua:2 in handler"])
    }

    @Test func linesListFramesOnlyWhenThereAreSeveral() {
        var error = ScriptError(file: "a.lua", line: 2, reason: "boom")
        #expect(error.lines == ["a.lua:2: boom"])
        error.frames = [ScriptFrame(file: "a.lua", line: 2)]
        #expect(error.lines == ["a.lua:2: boom"])
        error.frames.append(ScriptFrame(file: "a.lua", line: 9, function: "handler"))
        #expect(error.lines == ["a.lua:2: boom", "  at a.lua:2", "  at a.lua:9 in handler"])
    }
}
