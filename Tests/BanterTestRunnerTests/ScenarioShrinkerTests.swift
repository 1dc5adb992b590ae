import BanterCore
import BanterLua
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario
@testable import BanterTestRunner

/// Shrinking in this process (`ScenarioCheck` as the runner): the steps that matter are
/// kept, those that lost their prerequisites go too, arguments get simpler, the result is
/// a scenario that fails the same way.
@Suite struct ScenarioShrinkerTests {
    static let bot = """
        bot { name = "Echo" }
        on_message(function(msg, chat)
          if msg.text:find("arm") then chat.memory.armed = true end
          if chat.memory.armed and msg.text:find("nice") then
            chat:reply("armed: " .. msg.text)
          else
            chat:reply("ok " .. msg.text)
          end
        end)
        """

    static let scenario = """
        scenario { bot = "bot.lua", seed = 3, start = "2026-11-20 19:00", memory = { mood = "fine" } }
        me "hello there friend"
        expect_reply "ok hello there friend"
        wait "2h"
        me "arm it please"
        expect_reply "ok arm it please"
        wait "30s"
        me "another one"
        expect_reply "ok another one"
        react("👍", { to = -3 })
        me { text = "say something nice", quote = -2 }
        expect_reply "ok say something nice"
        """

    @Test func keepsTheStepsTheFailureNeedsAndWritesThemAsAScenario() throws {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        let path = try folder.write("talk.lua", Self.scenario)
        let check = try ScenarioCheck(limits: .default)
        let result = try ScenarioShrinker(path: path, runner: check, budget: .seconds(60)).shrink()
        #expect(result.originalStepCount == 11)
        #expect(result.minimalStepCount == 4)
        #expect(result.failureMessage == "expected reply \"ok say something nice\", got \"armed: say something nice\"")
        #expect(result.originalFailureLine == 12)
        #expect(result.removed.map(\.line) == [2, 3, 4, 7, 8, 9, 10])
        #expect(result.settingsDropped == ["memory", "seed", "start"])
        #expect(!result.stoppedAtBudget)
        let minimal = try String(contentsOfFile: folder.file("talk.min.lua"), encoding: .utf8)
        #expect(
            minimal == """
                -- Shrunk by banter shrink from talk.lua (11 steps to 4).
                -- Its step at line 12 of talk.lua fails the same way here:
                -- expected reply "ok say something nice", got "armed: say something nice"
                scenario { bot = "bot.lua" }
                me "arm it please"
                expect_reply "ok arm it please"
                me { text = "say something nice" }
                expect_reply "ok say something nice"

                """)
        #expect(result.failureLine == 8)
        guard case .failed(let failures) = check.run(folder.file("talk.min.lua")).result.verdict else {
            Issue.record("the shrunk scenario does not fail")
            return
        }
        #expect(failures.map(\.description) == ["talk.min.lua:8: \(result.failureMessage)"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "bot.lua", "talk.lua", "talk.min.lua",
            ])
    }

    @Test func refusesScenariosThatDoNotFail() throws {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        let passing = try folder.write(
            "pass.lua", "scenario { bot = \"bot.lua\" }\nme \"hi\"\nexpect_reply \"ok hi\"\n")
        let transcriptOnly = try folder.write("gone.lua", "scenario { bot = \"missing.lua\" }\nme \"hi\"\n")
        let check = try ScenarioCheck(limits: .default)
        #expect(throws: ShrinkError.self) {
            try ScenarioShrinker(path: passing, runner: check, budget: .seconds(5)).shrink()
        }
        do {
            _ = try ScenarioShrinker(path: transcriptOnly, runner: check, budget: .seconds(5)).shrink()
            Issue.record("a scenario whose bot is missing was shrunk")
        } catch {
            #expect(
                error.description.hasPrefix("cannot shrink \(transcriptOnly): it could not run: the bot did not load"))
        }
    }

    @Test func waitsGetShorterOnTheSameSideOfEveryGroupingThreshold() {
        let simplifier = StepSimplifier(rules: GroupingRules())
        #expect(simplifier.shorter(than: .seconds(10)) == [.seconds(1), .seconds(5)])
        #expect(simplifier.shorter(than: .seconds(20)) == [.seconds(1), .seconds(10)])
        #expect(simplifier.shorter(than: .seconds(30)) == [.seconds(21), .seconds(25)])
        #expect(simplifier.shorter(than: .seconds(3 * 3600)) == [.seconds(3601), .seconds(7200)])
        #expect(simplifier.shorter(than: .seconds(3601)).isEmpty)
        #expect(simplifier.shorter(than: .seconds(1)).isEmpty)
        let tighter = StepSimplifier(rules: GroupingRules(sectionGap: .seconds(600), clusterGap: .seconds(5)))
        #expect(tighter.shorter(than: .seconds(900)) == [.seconds(601), .seconds(750)])
    }

    @Test func argumentsGetSimplerByTheirCatalogueTypes() {
        let simplifier = StepSimplifier(rules: GroupingRules())
        #expect(
            simplifier.fewerWords("one two three four") == [
                "one two", "three four", "two three four", "one three four", "one two four", "one two three",
            ])
        #expect(simplifier.fewerWords("single").isEmpty)
        let wait = simplifier.alternatives(to: WrittenStep(verb: "wait", arguments: [.string("2h")]))
        #expect(wait.map(\.arguments) == [[.string("1h1s")], [.string("1h30m")]])
        let me = WrittenStep(
            verb: "me", arguments: [.table(LuaTable(fields: ["text": .string("hi there"), "quote": .integer(-3)]))])
        let forms = simplifier.alternatives(to: me).map { ScenarioWriter.call($0) }
        #expect(
            forms == [
                "me { text = \"hi there\" }", "me { quote = -3 }", "me { quote = -1, text = \"hi there\" }",
                "me { quote = -2, text = \"hi there\" }", "me { quote = -3, text = \"there\" }",
                "me { quote = -3, text = \"hi\" }",
            ])
        // A verb the catalogue does not know is still shrunk by the values it was given.
        let unknown = WrittenStep(verb: "tap", arguments: [.string("Yes please")])
        #expect(
            simplifier.alternatives(to: unknown).map { ScenarioWriter.call($0) } == ["tap \"please\"", "tap \"Yes\""])
    }

    @Test func splitsIntoNearlyEqualConsecutiveChunks() {
        #expect(ScenarioShrinker.split([1, 2, 3, 4, 5], into: 2) == [[1, 2], [3, 4, 5]])
        #expect(ScenarioShrinker.split([1, 2, 3], into: 3) == [[1], [2], [3]])
    }
}
