import Foundation
import Testing

@testable import BanterScenario
@testable import BanterScript

/// `banter check`'s checker: every problem of a file at its line, without running a
/// handler, and nothing reported for correct code.
@Suite struct ScriptCheckerTests {
    private func problems(_ files: [String: String], check name: String) throws -> [String] {
        let folder = try ScriptFolder()
        for (file, source) in files { folder.write(file, source) }
        let path = folder.url.appendingPathComponent(name).path
        let report = try ScriptChecker(limits: testLimits, scenarios: .scenarios).check(path)
        let prefix = folder.url.path + "/"
        return report.problems.map { $0.description.replacingOccurrences(of: prefix, with: "") }
    }

    @Test func reportsEveryProblemOfABotAtItsLine() throws {
        let bot = """
            bot { name = "Bad", nmae = "x", typing = { cpss = 3 } }
            grouping { section_gap = "1hr", header = "{dya}" }
            seed { { from = "them", text = "hi", at = "yesterday" }, { form = "me", text = "x" } }
            on("(x", function(msg, chat) chat:reply("hi", { aftr = 2, typing = "2x" }) end)
            on("hello", function(msg, chat)
              chat:mark("readd")
              chat:wait("1hr")
              rply("x")
              local s = string.frmat("%d", 1)
              chat:ask("name?", { timeout = "5m", tiemout = 3 })
            end, { ignore_cas = true })
            """
        #expect(
            try problems(["bot.lua": bot], check: "bot.lua") == [
                "bot.lua:1: bot: unknown option 'nmae' (known: name, greeting, initial, color, colour, typing, talkativeness)",
                "bot.lua:1: bot: typing: unknown option 'cpss' (known: cps)",
                "bot.lua:2: grouping: section_gap: invalid duration \"1hr\": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms",
                "bot.lua:2: grouping: header: unknown placeholder \"{dya}\" in header pattern \"{dya}\": the valid placeholders are {day}, {weekday}, {date}, {time}, {time12}",
                "bot.lua:3: seed: message 1: at: invalid time \"yesterday\": write \"now\", an offset like \"-90m\" or \"-1d\", a time \"10:00\", \"-1d 10:00\" or a date \"2026-11-20 19:00\"",
                "bot.lua:3: seed: message 2: unknown option 'form' (known: from, text, at)",
                "bot.lua:4: on: bad pattern \"(x\": unfinished capture",
                "bot.lua:4: chat:reply: unknown option 'aftr' (known: after, typing, file, quote, buttons, quick_replies, card, final)",
                "bot.lua:4: chat:reply: typing: invalid duration \"2x\": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms",
                "bot.lua:6: chat:mark: expected one of \"delivered\", \"read\", got \"readd\"",
                "bot.lua:7: chat:wait: invalid duration \"1hr\": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms",
                "bot.lua:8: 'rply' is not defined (it reads as nil; misspelt?)",
                "bot.lua:9: 'string.frmat' is not defined (the sandbox's 'string' has no 'frmat')",
                "bot.lua:10: chat:ask: unknown option 'tiemout' (known: timeout, buttons, quick_replies, card)",
                "bot.lua:11: on: unknown option 'ignore_cas' (known: ignore_case)",
            ])
    }

    @Test func correctCodeHasNoProblems() throws {
        let bot = """
            local lines = require "lines"
            local unpack = unpack or table.unpack -- feature detection reads an undefined global: still reported
            local function wait(seconds) return seconds end -- a local of an API name is the script's own
            count = 0
            bot { name = "Good", greeting = "Hi", typing = { cps = 20 } }
            grouping { section_gap = "2h", cluster_gap = 5, header = "{weekday} {time}" }
            on("^hi (%a+)", function(msg, chat, name)
              count = count + 1
              wait("not a duration")
              chat:reply(lines.hello .. name .. helper(), { after = "2s", typing = true })
              chat:reply(string.format("%d", count), { typing = 1.5 })
              local answer = chat:ask("Age?", { timeout = "5m" })
              chat:mark("read")
            end, { ignore_case = true })
            fallback(function(msg, chat) chat:typing(false); chat:reply(msg.text) end)
            """
        let module = "function helper() return '!' end\nreturn { hello = 'Hello ' }"
        #expect(
            try problems(["bot.lua": bot, "lines.lua": module], check: "bot.lua") == [
                "bot.lua:2: 'unpack' is not defined (it reads as nil; misspelt?)"
            ])
    }

    @Test func aScenarioIsCheckedAgainstTheScenarioAPIAndItsBotsLoading() throws {
        let scenario = """
            scenario { bot = "bot.lua", time_zone = "Mars/Olympus", wdith = 3 }
            me "hi"
            wait "2hr"
            expect_reply { pattern = "[a" }
            expect_status "reed"
            on("x")
            """
        let files = ["talk.lua": scenario, "bot.lua": "bot { name = 'B' }"]
        #expect(
            try problems(files, check: "talk.lua") == [
                "talk.lua:1: scenario: time_zone: unknown time zone \"Mars/Olympus\" (use a name like \"Europe/Paris\" or \"UTC\")",
                "talk.lua:1: scenario: unknown option 'wdith' (known: bot, start, time_zone, grouping, seed, title, width, memory, turns, turn_budget)",
                "talk.lua:3: wait: invalid duration \"2hr\": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms",
                "talk.lua:4: expect_reply: bad pattern \"[a\": malformed pattern (missing ']')",
                "talk.lua:5: expect_status: expected one of \"sending\", \"sent\", \"delivered\", \"read\", got \"reed\"",
                "talk.lua:6: 'on' is not defined (it reads as nil; misspelt?)",
            ])
        let broken = [
            "talk.lua": "scenario { bot = \"bot.lua\" }\nme \"hi\"\n", "bot.lua": "bot { name = 'B' }\nerror('boom')\n",
        ]
        #expect(
            try problems(broken, check: "talk.lua") == ["talk.lua:1: scenario: its bot does not load: bot.lua:2: boom"])
        let both = ["talk.lua": "scenario { bot = \"bot.lua\", nope = 1 }\n", "bot.lua": "error('boom')\n"]
        #expect(
            try problems(both, check: "talk.lua") == [
                "talk.lua:1: scenario: unknown option 'nope' (known: bot, start, time_zone, grouping, seed, title, width, memory, turns, turn_budget)",
                "talk.lua:1: scenario: its bot does not load: bot.lua:1: boom",
            ])
        let absent = ["talk.lua": "\nscenario { bot = \"gone.lua\" }\n"]
        let report = try problems(absent, check: "talk.lua")
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("talk.lua:2: scenario: the bot ") == true)
        #expect(report.first?.hasSuffix("gone.lua does not exist") == true)
    }

    @Test func aSyntaxErrorIsOneProblemAndLoadErrorsAreReportedOnce() throws {
        #expect(
            try problems(["bot.lua": "bot { name = \n"], check: "bot.lua") == [
                "bot.lua:2: unexpected symbol near <eof>"
            ])
        #expect(
            try problems(["bot.lua": "bot { }\n"], check: "bot.lua") == [
                "bot.lua:1: bot: 'name' must be a non-empty string"
            ])
        #expect(
            try problems(["bot.lua": "local x = 1\n"], check: "bot.lua").isEmpty, "a module is checked without loading")
        #expect(
            try problems(
                ["bot.lua": "local m = require 'helper'\nbot { name = 'B' }\n", "helper.lua": "return nil + 1\n"],
                check: "bot.lua") == ["helper.lua:1: attempt to perform arithmetic on a nil value"])
    }

    @Test func theReportSaysWhatTheFileIsAndNamesAScenariosBot() throws {
        let folder = try ScriptFolder()
        let bot = folder.write("bots/b.lua", "bot { name = 'B' }")
        let scenario = folder.write("scenarios/t.lua", "scenario { bot = '../bots/b.lua' }")
        let module = folder.write("bots/m.lua", "return {}")
        let checker = try ScriptChecker(limits: testLimits, scenarios: .scenarios)
        #expect(checker.check(bot).kind == .bot)
        #expect(checker.check(module).kind == .module)
        let report = checker.check(scenario)
        #expect(report.kind == .scenario)
        #expect(report.bot == URL(fileURLWithPath: bot).standardizedFileURL.path)
    }
}
