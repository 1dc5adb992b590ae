import BanterChat
import BanterCore
import BanterLua
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario
@testable import BanterScript

/// Running scenarios: each kind of step passing and failing with the right file:line and
/// message, virtual time, and the errors that stop a run.
@Suite struct ScenarioRunnerTests {
    /// A bot that answers "hi" at once, "later" after 2 minutes with typing, and echoes the rest.
    static let bot = """
        bot { name = "Echo", greeting = "Matched" }
        on("^hi", function(msg, chat) chat:reply("Hi yourself!") end)
        on("^later", function(msg, chat) chat:reply("Sorry, busy", { after = "2m", typing = "5s" }) end)
        on("^read", function(msg, chat) chat:mark("read") end)
        on("^boom", function(msg, chat) error("kaboom") end)
        fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """

    /// Runs `steps` after a scenario header (line 1) with the echo bot; steps start on line 2.
    private func run(_ steps: String, bot: String? = ScenarioRunnerTests.bot, store: ChatStore? = nil) throws -> (
        ScenarioRunner, [ScenarioFailure]
    ) {
        let folder = try TemporaryFolder()
        var header = "scenario { start = \"2026-11-20 19:00\""
        if let bot {
            try folder.write("bot.lua", bot)
            header += ", bot = \"bot.lua\""
        }
        let path = try folder.write("talk.lua", header + " }\n" + steps)
        let script = try ScenarioScript(path: path)
        let runner = try ScenarioRunner(script: script, store: store ?? ChatStore(path: ":memory:"))
        return (runner, try runner.run())
    }

    private func failures(_ steps: String, bot: String? = ScenarioRunnerTests.bot) throws -> [String] {
        try run(steps, bot: bot).1.map(\.description)
    }

    @Test func passingStepsReportNothing() throws {
        #expect(
            try failures(
                """
                me "hi"
                expect_reply "Hi yourself!"
                me "hello there"
                expect_reply { pattern = "^echo: h" }
                me "abc"
                expect_reply(function(text) return text == "echo: abc" end)
                """) == [])
    }

    @Test func aWrongReplyNamesTheLineAndBothTexts() throws {
        #expect(
            try failures(
                """
                me "hi"
                expect_reply "Hey!"
                me "hello"
                expect_reply { pattern = "^Hi" }
                me "x"
                expect_reply(function(text) return false end)
                """) == [
                    "talk.lua:3: expected reply \"Hey!\", got \"Hi yourself!\"",
                    "talk.lua:5: expected reply matching \"^Hi\", got \"echo: hello\"",
                    "talk.lua:7: expected reply accepted by the predicate, got \"echo: x\"",
                ])
    }

    @Test func expectReplyWaitsOnTheVirtualClock() throws {
        let (runner, found) = try run(
            """
            me "later"
            expect_typing(false)
            expect_reply("Sorry, busy", { within = "3m" })
            """)
        #expect(found.isEmpty)
        let reply = try #require(runner.session.messages.last)
        #expect(reply.text == "Sorry, busy")
        #expect(reply.sentAt == runner.script.settings.start + .seconds(125))
    }

    @Test func aReplyTooLateFails() throws {
        #expect(
            try failures(
                """
                me "later"
                expect_reply "Sorry, busy"
                """) == ["talk.lua:3: expected reply \"Sorry, busy\" within 1m, got no reply"])
    }

    @Test func expectNoReply() throws {
        #expect(
            try failures(
                """
                me "later"
                expect_no_reply "2m"
                expect_typing()
                expect_reply "Sorry, busy"
                me "hi"
                expect_no_reply "10s"
                """) == ["talk.lua:7: expected no reply within 10s, got \"Hi yourself!\""])
    }

    @Test func typingExpectations() throws {
        #expect(
            try failures(
                """
                me "later"
                wait "2m"
                expect_typing(false)
                wait "10s"
                expect_typing()
                """) == [
                    "talk.lua:4: expected no typing indicator, but Echo is typing",
                    "talk.lua:6: expected the typing indicator, but Echo is not typing",
                ])
    }

    @Test func sectionExpectations() throws {
        #expect(
            try failures(
                """
                them "one"
                wait "61m"
                expect_section "Today 20:01"
                them "two"
                wait "60m"
                expect_section()
                them "three"
                wait "2h"
                expect_section "Today 22:00"
                them "four"
                """, bot: nil) == [
                    "talk.lua:7: expected \"three\" to open a section, but it follows \"two\" in the same section",
                    "talk.lua:10: expected section \"Today 22:00\", got \"Today 23:01\"",
                ])
    }

    @Test func clusterExpectations() throws {
        #expect(
            try failures(
                """
                me "a"
                wait "20s"
                expect_same_cluster()
                them "b"
                wait "5s"
                expect_cluster_break()
                them "c"
                wait "21s"
                expect_same_cluster()
                them "d"
                """, bot: nil) == [
                    "talk.lua:4: expected \"b\" to continue the cluster of \"a\", but it starts a new one",
                    "talk.lua:7: expected \"c\" to start a new cluster, but it continues the cluster of \"b\"",
                    "talk.lua:10: expected \"d\" to continue the cluster of \"c\", but it starts a new one",
                ])
    }

    @Test func aLayoutExpectationWithoutANextMessageFails() throws {
        #expect(
            try failures(
                """
                them "a"
                expect_section()
                """, bot: nil) == ["talk.lua:3: expected the next message to open a section, but no message followed"])
    }

    @Test func groupingChangesMidWay() throws {
        let (runner, found) = try run(
            """
            them "a"
            wait "30s"
            expect_cluster_break()
            them "b"
            grouping { cluster_gap = "1m" }
            wait "30s"
            expect_same_cluster()
            them "c"
            """, bot: nil)
        #expect(found.isEmpty)
        #expect(runner.session.conversation.rules.clusterGap == .seconds(60))
        #expect(runner.session.conversation.rules.sectionGap == GroupingRules.defaultSectionGap)
    }

    @Test func statusAndMarks() throws {
        #expect(
            try failures(
                """
                expect_status "sent"
                me "plain"
                expect_status "sent"
                mark_delivered()
                expect_status "delivered"
                me "read me"
                expect_status "read"
                mark_read()
                expect_status "delivered"
                """, bot: nil) == [
                    "talk.lua:2: expected status sent, but no message was sent",
                    "talk.lua:8: expected status read on \"read me\", got sent",
                    "talk.lua:10: expected status delivered on \"read me\", got read",
                ])
        #expect(
            try failures(
                """
                me "read it"
                expect_status "read"
                """) == [])
    }

    @Test func aBotErrorIsAFailureAtTheStep() throws {
        #expect(
            try failures(
                """
                me "boom"
                """) == ["talk.lua:2: the bot failed: bot.lua:5: kaboom"])
    }

    @Test func theOpeningRepliesOfTheBotAreExpectable() throws {
        let bot = """
            bot { name = "Opener" }
            on_open(function(chat, first) chat:reply("first words") end)
            """
        #expect(try failures("expect_reply \"first words\"", bot: bot) == [])
    }

    @Test func daysRunOnTheVirtualClock() throws {
        let (runner, found) = try run(
            """
            wait "30d"
            me "hi"
            expect_reply "Hi yourself!"
            """)
        #expect(found.isEmpty)
        #expect(runner.clock.now == runner.script.settings.start + .seconds(30 * 86_400))
    }

    @Test func aBotThatDoesNotLoadStopsTheRun() throws {
        #expect(throws: ScenarioError.self) { try run("me \"hi\"", bot: "bot { nmae = \"x\" }") }
        do {
            _ = try run("me \"hi\"", bot: "bot { nmae = \"x\" }")
        } catch let error as ScenarioError {
            #expect(error.description.hasPrefix("the bot did not load: bot.lua:1: bot: unknown option 'nmae'"))
        }
    }

    @Test func aPredicateErrorStopsTheRun() throws {
        do {
            _ = try run(
                """
                me "hi"
                expect_reply(function(text) return text + 1 end)
                """)
            Issue.record("the run did not stop")
        } catch let error as ScenarioError {
            guard case .script(let scriptError) = error else {
                Issue.record("expected a script error, got \(error)")
                return
            }
            #expect(scriptError.line == 3)
        }
    }

    @Test func aTakenTitleIsRefused() throws {
        let store = try ChatStore(path: ":memory:")
        _ = try store.createConversation(title: "talk", createdAt: Timestamp(millisecondsSince1970: 0))
        #expect(throws: ScenarioError.conversationExists(title: "talk")) { try run("me \"hi\"", store: store) }
    }

    @Test func theTimelineRecordsEventsAtTheirVirtualTimes() throws {
        let (runner, _) = try run(
            """
            me "later"
            expect_reply("Sorry, busy", { within = "3m" })
            """)
        let start = runner.script.settings.start
        let added = runner.timeline.compactMap { timed -> (Timestamp, String)? in
            if case .messageAdded(let message) = timed.event { return (timed.time, message.text) }
            return nil
        }
        #expect(added.map(\.1) == ["later", "Sorry, busy"])
        #expect(added.map(\.0) == [start, start + .seconds(125)])
        #expect(runner.timeline.contains { $0.event == .typingStarted(until: start + .seconds(125)) })
    }

    /// A bot whose typing indicator runs out with nothing sent after it.
    static let typist = """
        bot { name = "Typist" }
        on("^type", function(msg, chat) chat:typing("3s") end)
        on("^later", function(msg, chat) chat:typing("3s") chat:wait("10s") chat:reply("done") end)
        """

    /// When the typing indicator stopped, in seconds after the start, as the timeline shows it.
    private func typingStops(_ runner: ScenarioRunner) -> [Duration] {
        let start = runner.script.settings.start
        return runner.timeline.compactMap { $0.event == .typingStopped ? $0.time - start : nil }
    }

    /// One rule for every walk of the clock: the typing indicator's end is a wake-up, so it
    /// stops at its own time whether the clock moves by `wait`, `expect_reply` or the settle
    /// at the end of the scenario.
    @Test(arguments: [
        "me \"type\"\nwait \"1m\"",
        "me \"later\"\nexpect_reply \"done\"",
        "me \"type\"",
    ])
    func theTypingIndicatorStopsAtItsOwnTimeInEveryWalk(steps: String) throws {
        let (runner, failures) = try run(steps, bot: Self.typist)
        #expect(failures == [])
        #expect(typingStops(runner) == [.seconds(3)])
        #expect(runner.session.typingUntil == nil)
    }

    @Test func theSessionReportsTheRepliesOpeningProduced() throws {
        let (runner, _) = try run(
            "",
            bot: """
                bot { name = "Host", greeting = "Matched" }
                seed { { from = "them", text = "an old message", at = "-1d 10:00" } }
                on_open(function(chat, first) chat:reply("welcome") chat:reply("again") end)
                """)
        #expect(runner.session.openingReplies.map(\.text) == ["welcome", "again"])
        #expect(runner.openingMessages.map(\.text).suffix(2) == ["welcome", "again"])
    }
}
