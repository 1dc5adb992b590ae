import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScenario
@testable import BanterScript

/// Loading scenario scripts: the declaration, every step with its file:line, and the
/// errors a scenario author sees.
@Suite struct ScenarioScriptTests {
    /// Writes `source` as `name` in a fresh folder and loads it.
    /// Loads `source` as `name` from a fresh folder, removed once the scenario has read it.
    func load(_ source: String, name: String = "talk.lua") throws -> ScenarioScript {
        let folder = try TemporaryFolder(prefix: "banter-scenario-tests")
        return try ScenarioScript(path: try folder.write(name, source))
    }

    func loadError(_ source: String) -> String? {
        do {
            _ = try load(source)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func readsTheDeclaration() throws {
        let script = try load(
            """
            scenario { bot = "../bots/alisha.lua", start = "2026-11-20 19:00", time_zone = "Europe/Paris",
                       grouping = { section_gap = "2h", cluster_gap = 5 }, seed = 7, title = "evening" }
            """)
        let settings = script.settings
        let folder = URL(fileURLWithPath: script.path).deletingLastPathComponent().deletingLastPathComponent().path
        #expect(settings.botPath == folder + "/bots/alisha.lua")
        // 19:00 in Paris (UTC+1 in November) is 18:00 UTC.
        #expect(settings.start == Timestamp(millisecondsSince1970: 1_795_197_600_000))
        #expect(settings.timeZone.identifier == "Europe/Paris")
        #expect(settings.grouping == GroupingChange(sectionGap: .seconds(7200), clusterGap: .seconds(5)))
        #expect(settings.randomSeed == 7)
        #expect(settings.title == "evening")
    }

    @Test func defaultsAreReproducible() throws {
        let script = try load("scenario {}\nthem \"hello\"", name: "quiet.lua")
        #expect(script.settings.botPath == nil)
        #expect(script.settings.timeZone.secondsFromGMT() == 0)
        #expect(script.settings.title == "quiet")
        #expect(script.settings.randomSeed == 0)
        // 2026-01-05 09:00 UTC.
        #expect(script.settings.start == Timestamp(millisecondsSince1970: 1_767_603_600_000))
    }

    @Test func collectsEveryStepWithItsLine() throws {
        let script = try load(
            """
            scenario {}
            me "hi"
            them "hello"
            wait "2h"
            expect_reply "Hi yourself!"
            expect_reply { pattern = "^Hi", within = "5m" }
            expect_reply(function(text) return #text > 3 end)
            expect_no_reply "30s"
            expect_section "Today 19:00"
            expect_section()
            expect_cluster_break()
            expect_same_cluster()
            grouping { cluster_gap = "1m", header = "{weekday} {time}" }
            mark_read()
            mark_delivered()
            expect_typing()
            expect_typing(false)
            expect_status "read"
            expect_reply({ text = "ok" }, nil)
            expect_reply("late", { within = 90 })
            """)
        let actions = script.steps.map(\.action)
        #expect(script.steps.map(\.location.line) == Array(2...20))
        #expect(script.steps.allSatisfy { $0.location.file == "talk.lua" })
        #expect(actions[0] as? MeStep == MeStep(text: "hi"))
        #expect(actions[1] as? ThemStep == ThemStep(text: "hello"))
        #expect(actions[2] as? WaitStep == WaitStep(duration: .seconds(7200)))
        #expect(actions[3] as? ExpectReplyStep == ExpectReplyStep(text: .exact("Hi yourself!"), within: .seconds(60)))
        #expect(actions[4] as? ExpectReplyStep == ExpectReplyStep(text: .pattern("^Hi"), within: .seconds(300)))
        guard let predicateStep = actions[5] as? ExpectReplyStep, case .predicate? = predicateStep.text else {
            Issue.record("expected a predicate step, got \(actions[5])")
            return
        }
        #expect(predicateStep.within == .seconds(60))
        #expect(actions[6] as? ExpectNoReplyStep == ExpectNoReplyStep(duration: .seconds(30)))
        #expect(actions[7] as? ExpectSectionStep == ExpectSectionStep(header: "Today 19:00"))
        #expect(actions[8] as? ExpectSectionStep == ExpectSectionStep(header: nil))
        #expect(actions[9] is ExpectClusterBreakStep)
        #expect(actions[10] is ExpectSameClusterStep)
        #expect(
            actions[11] as? GroupingStep
                == GroupingStep(change: GroupingChange(clusterGap: .seconds(60), headerPattern: "{weekday} {time}")))
        #expect(actions[12] is MarkReadStep)
        #expect(actions[13] is MarkDeliveredStep)
        #expect(actions[14] as? ExpectTypingStep == ExpectTypingStep(showing: true))
        #expect(actions[15] as? ExpectTypingStep == ExpectTypingStep(showing: false))
        #expect(actions[16] as? ExpectStatusStep == ExpectStatusStep(status: .read))
        #expect(actions[17] as? ExpectReplyStep == ExpectReplyStep(text: .exact("ok"), within: .seconds(60)))
        #expect(actions[18] as? ExpectReplyStep == ExpectReplyStep(text: .exact("late"), within: .seconds(90)))
    }

    @Test func stepsInLoopsAndFunctionsCarryTheCallLine() throws {
        let script = try load(
            """
            scenario {}
            local function greet(text)
              me(text)
            end
            for _, text in ipairs({ "a", "b" }) do
              greet(text)
            end
            """)
        #expect(script.steps.map(\.location.line) == [3, 3])
    }

    @Test func matchesExactPatternAndPredicate() throws {
        let script = try load(
            """
            scenario {}
            expect_reply(function(text) return text:upper() == text end)
            """)
        guard let predicate = (script.steps[0].action as? ExpectReplyStep)?.text else {
            Issue.record("no expect_reply step")
            return
        }
        let now = script.settings.start
        #expect(try script.matches(predicate, text: "LOUD", now: now))
        #expect(try !script.matches(predicate, text: "quiet", now: now))
        #expect(try script.matches(.exact("Hi"), text: "Hi", now: now))
        #expect(try !script.matches(.exact("Hi"), text: "Hi!", now: now))
        #expect(try script.matches(.pattern("^Hi%p"), text: "Hi!", now: now))
        #expect(try !script.matches(.pattern("^Hi%p"), text: "Oh Hi!", now: now))
    }

    @Test func aPredicateThatRaisesThrowsWithItsLine() throws {
        let script = try load(
            """
            scenario {}
            expect_reply(function(text)
              return text.nope.deeper
            end)
            """)
        guard let predicate = (script.steps[0].action as? ExpectReplyStep)?.text else {
            Issue.record("no expect_reply step")
            return
        }
        #expect(throws: ScriptError.self) { try script.matches(predicate, text: "x", now: script.settings.start) }
        do {
            _ = try script.matches(predicate, text: "x", now: script.settings.start)
        } catch {
            #expect(error.file == "talk.lua")
            #expect(error.line == 3)
        }
    }

    @Test func errorsNameTheLineAndWhatToDo() {
        #expect(loadError("me \"hi\"")?.hasPrefix("talk.lua:1: me: declare the scenario first") == true)
        #expect(loadError("-- nothing here")?.hasPrefix("talk.lua: the script never declared the scenario") == true)
        #expect(loadError("scenario {}\nscenario {}") == "talk.lua:2: scenario: declared twice")
        #expect(
            loadError("scenario { bto = \"x.lua\" }")?.hasPrefix("talk.lua:1: scenario: unknown option 'bto'") == true)
        #expect(loadError("scenario { start = \"tomorrow\" }")?.contains("start must be a local date and time") == true)
        #expect(
            loadError("scenario { start = \"-1d 10:00\" }")?.contains("start must be a local date and time") == true)
        #expect(
            loadError("scenario { time_zone = \"Mars/Olympus\" }")?.contains("unknown time_zone \"Mars/Olympus\"")
                == true)
        #expect(
            loadError("scenario {}\n\nwait \"2hrs\"")?.hasPrefix("talk.lua:3: wait: invalid duration \"2hrs\"") == true)
        #expect(
            loadError("scenario {}\nexpect_reply { pattern = \"(x\" }")
                == "talk.lua:2: expect_reply: bad pattern \"(x\": unfinished capture")
        #expect(
            loadError("scenario {}\nexpect_reply(42)")?.hasPrefix("talk.lua:2: expect_reply: expected text") == true)
        #expect(
            loadError("scenario {}\nexpect_reply { text = \"a\", pattern = \"b\" }")?
                .hasPrefix("talk.lua:2: expect_reply: give either") == true)
        #expect(loadError("scenario {}\nexpect_status \"seen\"")?.contains("unknown status \"seen\"") == true)
        #expect(
            loadError("scenario {}\ngrouping { header = \"{dya}\" }")?.hasPrefix("talk.lua:2: grouping: header:")
                == true)
        #expect(loadError("scenario {}\nme(nil)")?.hasPrefix("talk.lua:2: me: expected text") == true)
        #expect(loadError("scenario {}\nme \"a\" +") != nil)
    }

    @Test func scenariosRunInTheSandbox() {
        #expect(
            loadError("scenario {}\nassert(io.open(\"/etc/passwd\"))")?.contains(
                "talk.lua:2: /etc/passwd: no files in the bot sandbox") == true)
        #expect(
            loadError("scenario {}\nme = nil\nme \"hi\"")?.contains(
                "talk.lua:3: attempt to call a nil value (global 'me')") == true)
    }

    @Test func findsScenarioFilesByTheirDeclaration() {
        #expect(ScenarioFinder.declaresScenario(source: "-- a test\nscenario { bot = \"b.lua\" }\nme \"hi\""))
        #expect(ScenarioFinder.declaresScenario(source: "  scenario({})"))
        #expect(!ScenarioFinder.declaresScenario(source: "bot { name = \"B\" }\n-- scenario {} in a comment"))
        #expect(!ScenarioFinder.declaresScenario(source: "local scenario_count = 1"))
        #expect(ScenarioFinder.declaresScenario(source: "-- windows\r\n\tscenario {}\r\n"))
        #expect(!ScenarioFinder.declaresScenario(source: "bot {}\nscenario"))
    }
}
