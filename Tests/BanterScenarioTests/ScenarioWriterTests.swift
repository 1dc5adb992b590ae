import BanterCore
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScenario
@testable import BanterScript

/// `/save`'s writer with plain values: what a recorded session becomes as a scenario.
@Suite struct ScenarioWriterTests {
    /// 2026-11-20 19:00:00.250 UTC.
    static let start = Timestamp(millisecondsSince1970: 1_795_201_200_250)

    private func at(_ milliseconds: Int64, _ kind: RecordedSession.Step.Kind) -> RecordedSession.Step {
        RecordedSession.Step(time: Self.start + .milliseconds(milliseconds), kind: kind)
    }

    private func session(_ steps: [RecordedSession.Step], memory: [String: String] = [:]) -> RecordedSession {
        RecordedSession(
            botPath: "/work/project/bots/alisha.lua", start: Self.start,
            timeZone: TimeZone(identifier: "Europe/Paris")!,
            seed: 4242, memory: memory, steps: steps)
    }

    @Test func aWholeSessionReadsOneStepPerLine() {
        let recorded = session(
            [
                at(0, .reply("Welcome back")),
                at(4_000, .me("hi")),
                at(4_001, .status(.delivered)),
                at(4_002, .status(.read)),
                at(5_003, .typing),
                at(7_100, .reply("Hi! \"Sam\"\n😀")),
                at(19_950, .me("quiz")),
                at(20_000, .reply("Mountains or sea?")),
                at(620_000, .reply("Too slow")),
                at(3_620_000 + 22_000, .section(header: "Today 21:00")),
                at(3_620_000 + 22_000, .me("back")),
                at(3_700_000, .them("someone else")),
                at(
                    3_700_100,
                    .grouping(
                        GroupingRules(sectionGap: .seconds(7200), clusterGap: .seconds(5), headerPattern: "{time}"))),
            ], memory: ["name": "\"Sam\"", "visits": "3", "if": "{\"likes\":[\"sea\",\"sun\"]}"])
        let text = ScenarioWriter.source(for: recorded, savedAt: "/work/project/tests/saved.lua")
        #expect(
            text == """
                -- Saved from banter chat: replays that session with `banter test saved.lua`.

                scenario {
                  bot = "../bots/alisha.lua",
                  start = "2026-11-20 20:00:00",
                  time_zone = "Europe/Paris",
                  seed = 4242,
                  memory = { ["if"] = { likes = { "sea", "sun" } }, name = "Sam", visits = 3 },
                }

                expect_reply "Welcome back"
                wait "4s"
                me "hi"
                expect_status "read"
                expect_reply "Hi! \\"Sam\\"\\n😀"
                wait "12s850ms"
                me "quiz"
                expect_reply "Mountains or sea?"
                expect_reply("Too slow", { within = "10m5s" })
                wait "50m22s"
                -- Today 21:00
                expect_section "Today 21:00"
                me "back"
                wait "58s"
                them "someone else"
                grouping { section_gap = "2h", cluster_gap = "5s", header = "{time}" }

                """)
    }

    /// Files, quotes, reactions, edits and deletions become their own steps; what cannot be
    /// replayed stays as a comment.
    @Test func messageKindsBecomeTheirSteps() {
        let recorded = session([
            at(1_000, .me(.init(text: "", file: .init(name: "a.png", messageID: 1, scenarioPath: "s.files/a.png")))),
            at(1_000, .reply(.init(text: "", fileName: "menu.png"))),
            at(
                2_000,
                .me(.init(text: "this one", file: .init(name: "b.png", messageID: 2, scenarioPath: "b.png"), quote: 2))),
            at(2_000, .reply(.init(text: "Booked", quote: "this one"))),
            at(2_000, .botEdited("Booked!")),
            at(2_000, .botReacted("❤️", target: 1)),
            at(3_000, .react("😋", target: 1)),
            at(3_000, .react("👍", target: 3)),
            at(4_000, .edit("fixed", target: 1)),
            at(4_000, .edit("older", target: 2)),
            at(5_000, .delete(target: 1)),
            at(5_000, .delete(target: 2)),
            at(5_000, .botDeleted("oops")),
            at(5_000, .botReacted("👍", target: 2)),
            at(120_000, .botEdited("late")),
            at(120_000, .reply(.init(text: "late", fileName: "x.pdf"))),
            at(121_000, .note("you reacted to your own\nmessage")),
        ])
        let text = ScenarioWriter.steps(recorded).joined(separator: "\n")
        #expect(
            text == """
                wait "1s250ms"
                me { file = "s.files/a.png" }
                expect_reply { file = "menu.png" }
                wait "1s"
                me { text = "this one", file = "b.png", quote = -2 }
                expect_reply { text = "Booked", quote = "this one" }
                expect_edit "Booked!"
                expect_reaction "❤️"
                wait "1s"
                react "😋"
                react("👍", { to = -3 })
                wait "1s"
                edit "fixed"
                edit("older", { to = -2 })
                wait "1s"
                delete()
                delete { to = -2 }
                expect_delete "oops"
                expect_reaction("👍", { to = -2 })
                expect_edit("late", { within = "2m" })
                expect_reply { text = "late", file = "x.pdf" }
                -- you reacted to your own message
                """)
    }

    /// Gaps are rounded to whole seconds unless the milliseconds could matter: near the
    /// cluster or section boundary after the previous message, or near a bot reply.
    @Test func gapsKeepTheirMillisecondsWhereTheyMatter() {
        let rules = GroupingRules()
        let zero = Self.start
        #expect(
            !ScenarioWriter.needsExactGap(at: zero + .milliseconds(7_400), since: zero, rules: rules, replyTimes: []))
        #expect(
            ScenarioWriter.needsExactGap(at: zero + .milliseconds(19_400), since: zero, rules: rules, replyTimes: []))
        #expect(
            ScenarioWriter.needsExactGap(at: zero + .milliseconds(3_600_900), since: zero, rules: rules, replyTimes: [])
        )
        #expect(
            ScenarioWriter.needsExactGap(
                at: zero + .milliseconds(40_000), since: zero, rules: rules, replyTimes: [zero + .milliseconds(41_500)])
        )
        #expect(ScenarioWriter.rounded(.milliseconds(7_499)) == .seconds(7))
        #expect(ScenarioWriter.rounded(.milliseconds(7_500)) == .seconds(8))
    }

    @Test func statusesAndTypingAreCheckedOnlyWhenSetAtOnce() {
        let text = ScenarioWriter.steps(
            session([
                at(1_000, .me("ping")),
                at(3_000, .status(.read)), // two seconds later: the scenario's clock is not there
                at(3_010, .typing),
                at(9_000, .reply("pong")),
                at(9_050, .typing), // right after the reply: checked
            ]))
        #expect(text == ["wait \"1s\"", "me \"ping\"", "expect_reply \"pong\"", "expect_typing()"])
    }

    /// Lua itself reads every literal back to the text written: quotes, backslashes, each
    /// C0 control and DEL (as `\ddd`, also before a digit), and text beyond ASCII.
    @Test func luaReadsLiteralsBackExactly() throws {
        let state = try LuaState(now: { .init(millisecondsSince1970: 0) })
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        for text in ["", "a\"b\\c", controls, "\u{1}1\u{7F}9\u{0}0", "\u{85}\u{2028}é 😀👍🏽 中文"] {
            let function = try state.load(source: "return " + ScenarioWriter.literal(text), chunkName: "literal")
            defer { state.release(function) }
            #expect(try state.call(function) == [.string(text)], "\(Array(text.unicodeScalars))")
        }
    }

    @Test func literalsReadBackExactly() {
        #expect(ScenarioWriter.literal("a\"b\\c\td\u{1}e\u{7F}") == "\"a\\\"b\\\\c\\td\\001e\\127\"")
        #expect(ScenarioWriter.tableKey("name_2") == "name_2")
        #expect(ScenarioWriter.tableKey("2nd") == "[\"2nd\"]")
        #expect(ScenarioWriter.tableKey("end") == "[\"end\"]")
        #expect(ScenarioWriter.relativePath(of: "/a/b/bot.lua", from: "/a/b/t.lua") == "bot.lua")
        #expect(ScenarioWriter.relativePath(of: "/a/bots/bot.lua", from: "/a/tests/deep/t.lua") == "../../bots/bot.lua")
        // Sharing only the root, the absolute path says more than a climb to it.
        #expect(ScenarioWriter.relativePath(of: "/work/bots/bot.lua", from: "/tmp/tests/t.lua") == "/work/bots/bot.lua")
    }
}
