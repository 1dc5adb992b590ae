import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterChat

@Suite struct BotIntegrationTests {
    static let alisha = """
        bot { name = "Alisha", greeting = "You matched with Alisha", initial = "A" }
        grouping { section_gap = "2h", cluster_gap = "30s" }
        seed {
          { from = "them", text = "Hey!", at = "-1h" },
          { from = "me", text = "Hi", at = "-59m" },
        }
        on("^hi", function(msg, chat) chat:reply("Hi yourself!") end)
        fallback(function(msg, chat)
          chat:mark("read")
          chat:reply("Tell me more", { after = 2, typing = "1s" })
        end)
        """

    @Test func newConversationGetsRulesSeedsAndGreetingOnce() throws {
        let fixture = try SessionFixture(title: "alisha", bot: Self.alisha)
        let session = fixture.session
        #expect(session.participant == Participant(name: "Alisha", initial: "A"))
        #expect(session.conversation.rules == GroupingRules(sectionGap: .seconds(7200), clusterGap: .seconds(30)))
        #expect(try fixture.stored() == ["them: Hey!", "me: Hi", "system: You matched with Alisha"])
        #expect(
            session.messages.map(\.sentAt) == [
                SessionFixture.start - .seconds(3600), SessionFixture.start - .seconds(3540), SessionFixture.start,
            ])

        let again = try ChatSession(
            store: fixture.store, clock: fixture.clock, title: "alisha",
            options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
        #expect(again.bot != nil)
        #expect(again.participant.name == "Alisha")
        #expect(try fixture.stored().count == 3)
    }

    @Test func undefinedGlobalReadInAHandlerIsANoteNotAnError() throws {
        let fixture = try SessionFixture(
            title: "notes",
            bot: """
                local unpack = unpack or table.unpack
                bot { name = "B" }
                on_message(function(msg, chat) chat:reply(tostring(rply)) end)
                """)
        try fixture.session.send("one")
        try fixture.session.send("two")
        #expect(fixture.events.contains(.note("bot.lua:3: note: 'rply' is not defined (it reads as nil; misspelt?)")))
        #expect(fixture.events.filter { if case .note = $0 { true } else { false } }.count == 1)
        #expect(fixture.notices.isEmpty)
        #expect(try fixture.stored().suffix(4) == ["me: one", "them: nil", "me: two", "them: nil"])
    }

    @Test func replyComesAfterTheUserMessageIsStored() throws {
        let fixture = try SessionFixture(title: "alisha", bot: Self.alisha)
        try fixture.session.send("hi there")
        #expect(fixture.takeAdded() == ["me: hi there", "them: Hi yourself!"])
    }

    @Test func delayedReplyWithTypingRunsOnTheVirtualClock() throws {
        let fixture = try SessionFixture(title: "alisha", bot: Self.alisha)
        let session = fixture.session
        let sent = try #require(try session.send("went hiking"))
        #expect(
            fixture.events.contains(
                .messageUpdated(
                    Message(
                        id: sent.id, conversationID: sent.conversationID, sender: .me, text: "went hiking",
                        sentAt: sent.sentAt, status: .read))))
        #expect(session.nextWakeTime == SessionFixture.start + .seconds(2))
        fixture.clearEvents()

        session.wait(.seconds(2))
        #expect(fixture.events == [.typingStarted(until: SessionFixture.start + .seconds(3))])
        #expect(session.typingUntil == SessionFixture.start + .seconds(3))
        fixture.clearEvents()

        #expect(session.settle() == .idle)
        #expect(fixture.events.first == .typingStopped)
        #expect(fixture.takeAdded() == ["them: Tell me more"])
        #expect(session.messages.last?.sentAt == SessionFixture.start + .seconds(3))
        #expect(fixture.clock.now == SessionFixture.start + .seconds(3))
        #expect(session.typingUntil == nil)
    }

    @Test func waitRunsDueWorkInTimeOrderAtItsOwnTime() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "B" }
                on_message(function(msg, chat)
                  chat:reply("late", { after = 30 })
                  chat:reply("later", { after = 30 })
                end)
                """)
        try fixture.session.send("go")
        fixture.session.wait(.seconds(90))
        let replies = fixture.session.messages.filter { $0.sender == .them }
        #expect(replies.map(\.text) == ["late", "later"])
        #expect(replies.map(\.sentAt) == [SessionFixture.start + .seconds(30), SessionFixture.start + .seconds(60)])
        #expect(fixture.clock.now == SessionFixture.start + .seconds(90))
    }

    @Test func scriptErrorBecomesANoticeAndTheMessageStaysStored() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "B" }
                on_message(function(msg, chat)
                  local x = nil
                  x.boom = 1
                end)
                """)
        try fixture.session.send("trigger")
        #expect(try fixture.stored() == ["me: trigger"])
        let notice = try #require(fixture.notices.first)
        #expect(notice.hasPrefix("bot.lua:4:"))
        try fixture.session.send("again")
        #expect(try fixture.stored() == ["me: trigger", "me: again"])
    }

    @Test func settleStopsABotThatWaitsForever() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "B" }
                on_message(function(msg, chat)
                  while true do chat:wait(1) end
                end)
                """,
            options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!, maximumSteps: 50))
        try fixture.session.send("loop")
        #expect(fixture.session.settle() == .stoppedAfterSteps(50))
        #expect(fixture.clock.now == SessionFixture.start + .seconds(50))
    }

    @Test func settleLeavesWorkBeyondTheHorizonPending() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "B" }
                on_message(function(msg, chat) chat:reply("next week", { after = "8d" }) end)
                """)
        try fixture.session.send("see you")
        #expect(fixture.session.settle() == .pendingBeyondHorizon(SessionFixture.start + .seconds(8 * 86_400)))
        #expect(fixture.clock.now == SessionFixture.start)
    }

    @Test func memoryPersistsPerConversation() throws {
        let script = """
            bot { name = "Counter" }
            on_message(function(msg, chat)
              chat.memory.count = (chat.memory.count or 0) + 1
              chat:reply("count " .. chat.memory.count)
            end)
            """
        let fixture = try SessionFixture(title: "c", bot: script)
        try fixture.session.send("a")
        try fixture.session.send("b")
        let path = try #require(fixture.session.conversation.botScriptPath)
        let again = try ChatSession(store: fixture.store, clock: fixture.clock, title: "c", botScriptPath: path)
        try again.send("c")
        #expect(again.messages.last?.text == "count 3")
    }

    @Test func badExplicitBotIsAnErrorAndCreatesNothing() throws {
        let fixture = try SessionFixture(title: "first")
        let broken = try fixture.folder.write("broken.lua", "bot { name = ")
        #expect(throws: ChatError.self) {
            try fixture.session.open(title: "second", botScriptPath: broken, mode: .openOrCreate)
        }
        #expect(fixture.session.conversation.title == "first")
        #expect(try fixture.store.conversation(titled: "second") == nil)
    }

    @Test func switchingAndReloadingBotsKeepsTheConversation() throws {
        let fixture = try SessionFixture(title: "swap", bot: Self.alisha)
        let other = try fixture.folder.write(
            "other.lua",
            """
            bot { name = "Bob" }
            grouping { cluster_gap = "5s" }
            fallback(function(msg, chat) chat:reply("Bob here") end)
            """)
        fixture.clearEvents()
        try fixture.session.loadBot(path: other)
        #expect(fixture.session.participant.name == "Bob")
        #expect(fixture.session.conversation.rules.clusterGap == .seconds(5))
        #expect(fixture.events.contains(.rulesChanged(fixture.session.conversation.rules)))
        try fixture.session.send("who?")
        #expect(fixture.session.messages.last?.text == "Bob here")

        try """
        bot { name = "Bobby" }
        fallback(function(msg, chat) chat:reply("Bobby now") end)
        """.write(toFile: other, atomically: true, encoding: .utf8)
        try fixture.session.reloadBot()
        #expect(fixture.session.participant.name == "Bobby")
        try fixture.session.send("and now?")
        #expect(fixture.session.messages.last?.text == "Bobby now")

        try "bot { name = ".write(toFile: other, atomically: true, encoding: .utf8)
        #expect(throws: ChatError.self) { try fixture.session.reloadBot() }
        try fixture.session.send("still?")
        #expect(fixture.session.messages.last?.text == "Bobby now")
        #expect(try fixture.store.conversation(titled: "swap")?.botScriptPath == other)
    }

    @Test func rememberedBotThatNoLongerLoadsLeavesANotice() throws {
        let fixture = try SessionFixture(title: "gone", bot: "bot { name = \"B\" }")
        let path = try #require(fixture.session.conversation.botScriptPath)
        try "this is not lua".write(toFile: path, atomically: true, encoding: .utf8)
        try fixture.session.open(title: "other", mode: .openOrCreate)
        fixture.clearEvents()
        try fixture.session.open(title: "gone", mode: .openExisting)
        #expect(fixture.session.bot == nil)
        #expect(fixture.notices.count == 1)
        #expect(fixture.notices.first?.contains("did not load") == true)
    }
}
