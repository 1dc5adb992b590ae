import BanterChat
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario
@testable import BanterScript

/// `tap`, `expect_card` and `expect_reply { buttons, quick_replies, card }` (issue 27): each
/// passing, and failing at its file:line with what was offered; `/save` writes picks back.
@Suite struct ScenarioActionsTests {
    static let bot = """
        bot { name = "Pizza" }
        on_open(function(chat)
          chat:reply("Special:", { card = { title = "Margherita", subtitle = "8 €", buttons = { "Order" } } })
        end)
        on_button("^Order$", function(payload, msg, chat)
          chat:reply("Size?", { quick_replies = { "Small", { label = "Large", payload = "size:large" } } })
        end)
        on_button("^size:(%a+)", function(payload, msg, chat, size)
          chat:reply("Sure?", { after = "5s", buttons = { { label = "Yes", payload = "yes" }, "No" } })
        end)
        on_button(function(payload, msg, chat) chat:reply("got " .. payload) end)
        fallback(function(msg, chat) chat:reply("typed " .. msg.text) end)
        """

    /// Runs `steps` after a scenario header (line 1), with the bot beside it.
    private func outcome(_ steps: String) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        let path = try folder.write(
            "talk.lua", "scenario { start = \"2026-11-20 19:00\", bot = \"bot.lua\" }\n" + steps)
        let runner = try ScenarioRunner(script: try ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        do {
            return try runner.run().map(\.description)
        } catch {
            return ["error: \(error)"]
        }
    }

    @Test func tapsAndExpectationsPass() throws {
        let steps = """
            expect_card { title = "Margherita", subtitle = "8 €", buttons = { "Order" } }
            tap "order"
            expect_reply { text = "Size?", quick_replies = { "Small", { label = "Large", payload = "size:large" } } }
            tap { payload = "size:large" }
            expect_reply { text = "Sure?", buttons = { { payload = "yes" }, "No" } }
            tap(2)
            expect_reply "got No"
            tap { label = "Order", to = -3 }
            expect_reply "Size?"
            """
        #expect(try outcome(steps) == [])
    }

    @Test func aTapWaitsForTheBotToOfferTheChoice() throws {
        // "Sure?" comes 5 s after the size is picked: the tap waits for it on the clock.
        let steps = "tap \"Order\"\ntap \"Large\"\ntap \"Yes\"\nexpect_card { }\nexpect_reply \"Size?\"\n"
        #expect(try outcome(steps + "expect_reply \"Sure?\"\nexpect_reply \"got yes\"") == [])
    }

    @Test func aLabelNotOfferedFailsAtItsLineNamingWhatWas() throws {
        let result = try outcome("tap \"Order\"\ntap \"Medium\"")
        #expect(result.count == 1)
        #expect(result[0].contains("talk.lua:3: tap: #"), "\(result)")
        #expect(result[0].contains("offers no \"Medium\": [1 Small] [2 Large]"), "\(result)")
    }

    @Test func aQuickReplyThatWentCannotBeTapped() throws {
        let result = try outcome("tap \"Order\"\nme \"hello\"\ntap { label = \"Small\", to = -1, within = 1 }")
        #expect(result.count == 1)
        #expect(result[0].contains("talk.lua:4: tap: the quick replies of #3 are gone"), "\(result)")
    }

    @Test func expectationsFailNamingWhatTheReplyOffered() throws {
        let result = try outcome(
            "tap \"Order\"\nexpect_card { }\nexpect_reply { buttons = { \"Small\" } }\nexpect_card { title = \"Other\", within = 1 }"
        )
        #expect(result.count == 2)
        #expect(result[0].contains("talk.lua:4:") && result[0].contains("with quick replies [\"Small\"] [\"Large\"]"))
        #expect(result[1].contains("talk.lua:5:") && result[1].contains("got no reply"), "\(result)")
    }

    @Test func badTapsAreLoadErrors() throws {
        let folder = try TemporaryFolder()
        for (steps, problem) in [
            ("tap()", "tap: expected a label"), ("tap { }", "give one of label"),
            ("tap { label = \"a\", payload = \"b\" }", "give one of label"), ("tap(0)", "tap: expected a label"),
            ("expect_card \"x\"", "expect_card: expected a table"),
            ("expect_reply { buttons = \"Yes\" }", "buttons must be a list"),
        ] {
            let path = try folder.write("bad.lua", "scenario { }\n" + steps)
            do {
                _ = try ScenarioScript(path: path)
                Issue.record("\(steps) loaded")
            } catch {
                #expect("\(error)".contains(problem), "\(steps): \(error)")
            }
        }
    }

    @Test func savedPicksAreTapSteps() {
        var recording = RecordedSession(
            botPath: "/b/bot.lua", start: Timestamp(millisecondsSince1970: 0), timeZone: TimeZone(identifier: "UTC")!,
            seed: 0, memory: [:], grouping: nil, rules: GroupingRules())
        var plain = RecordedSession.SentMessage(text: "Yes")
        plain.tap = .init(label: "Yes", payload: "Yes", target: nil)
        var payload = RecordedSession.SentMessage(text: "Large")
        payload.tap = .init(label: "Large", payload: "size:large", target: 2)
        recording.steps = [
            .init(time: recording.start, kind: .me(plain)), .init(time: recording.start, kind: .me(payload)),
        ]
        let lines = ScenarioWriter.steps(recording)
        #expect(lines.contains("tap \"Yes\""), "\(lines)")
        #expect(lines.contains("tap { payload = \"size:large\", to = -2 }"), "\(lines)")
    }
    @Test func savedRepliesCheckTheirButtonsAndCards() throws {
        let folder = try TemporaryFolder()
        let bot = try folder.write("bot.lua", Self.bot)
        let session = try ChatSession(
            store: ChatStore(path: ":memory:"), clock: VirtualClock(start: Timestamp(millisecondsSince1970: 0)),
            title: "t", botScriptPath: bot, options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
        let recorder = SessionRecorder(session: session)
        session.onEvent = { [unowned session] event, _ in recorder.record(event, in: session) }
        try session.pick(.number(1))
        session.settle()
        try session.pick(.number(2))
        session.settle()
        let lines = ScenarioWriter.steps(recorder.recording)
        #expect(
            lines.contains(
                "expect_reply { text = \"Size?\", quick_replies = { \"Small\", { label = \"Large\", payload = \"size:large\" } } }"
            ), "\(lines)")
        #expect(
            lines.contains(
                "expect_reply { text = \"Sure?\", buttons = { { label = \"Yes\", payload = \"yes\" }, \"No\" } }"),
            "\(lines)")
    }

    @Test func anAskCarriesButtonsAndAPickAnswersItWithTheButton() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "bot.lua",
            """
            bot { name = "Asker" }
            on("^size", function(msg, chat)
              local text, answer = chat:ask("Which size?", { quick_replies = { "Small", { label = "Large", payload = "L" } } })
              chat:reply(text .. " " .. (answer.button and answer.button.payload or "typed"))
            end)
            on("^bad", function(msg, chat) chat:ask(nil, { buttons = { "A" } }) end)
            """)
        let path = try folder.write(
            "talk.lua",
            """
            scenario { start = "2026-11-20 19:00", bot = "bot.lua" }
            me "size"
            expect_reply { text = "Which size?", quick_replies = { "Small", { label = "Large", payload = "L" } } }
            tap "Large"
            expect_reply "Large L"
            me "size"
            expect_reply "Which size?"
            me "medium"
            expect_reply "medium typed"
            me "bad"
            """)
        let runner = try ScenarioRunner(script: try ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        let failures = try runner.run().map(\.description)
        #expect(failures.count == 1, "\(failures)")
        #expect(
            failures.first?.contains("chat:ask: buttons, quick_replies and card need a question") == true, "\(failures)"
        )
    }
}
