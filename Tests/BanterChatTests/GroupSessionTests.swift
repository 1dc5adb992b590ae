import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterLua
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// Group conversations in the session: inviting bots and people, speaking as a person,
/// bots that answer as themselves and hear each other up to the turn budget, kicking,
/// reopening, and the bad input of the issue (one clear error each, the group carries on).
@Suite struct GroupSessionTests {
    static let echo = """
        bot { name = "Echo", initial = "E", color = "#112233" }
        on_message(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """
    static let parrot = """
        bot { name = "Parrot" }
        on_message(function(msg, chat) chat:reply("parrot: " .. msg.text, { after = 1 }) end)
        """

    /// Offers two buttons when asked for the menu, and answers the one picked.
    static let menu = """
        bot { name = "Menu" }
        on("^menu", function(msg, chat) chat:reply("Pick one", { buttons = { "Tea", "Coffee" } }) end)
        on_button(function(payload, msg, chat) chat:reply("one " .. payload .. " coming") end)
        """

    /// "Name: text" for each message added since the last call (roles for unnamed ones).
    private func added(_ fixture: SessionFixture) -> [String] {
        defer { fixture.clearEvents() }
        return fixture.events.compactMap { event in
            guard case .messageAdded(let message) = event else { return nil }
            return "\(message.sender): \(message.text)"
        }
    }

    @Test func botsAnswerAsThemselvesAndPeopleSpeakThroughTheUser() throws {
        let fixture = try SessionFixture(title: "group")
        let session = fixture.session
        let echo = try session.invite(botAt: fixture.folder.write("echo.lua", Self.echo))
        #expect(
            echo
                == Participant(
                    name: "Echo", initial: "E", color: "#112233", kind: .bot, scriptPath: echo.scriptPath))
        try session.invite(person: "Bob")
        #expect(session.isGroup)
        #expect(added(fixture) == ["system: Echo joined the group", "system: Bob joined the group"])

        try session.send("hello")
        #expect(added(fixture) == ["me: hello", "Echo: echo: hello"])
        try session.speak(as: "bob", "hi all")
        #expect(added(fixture) == ["Bob: hi all", "Echo: echo: hi all"])
        #expect(try fixture.store.participants(conversationID: session.conversation.id).map(\.name) == ["Echo", "Bob"])
    }

    /// A pick goes to the bot whose message offered the button, which answers as itself.
    @Test func aPickInAGroupReachesTheBotThatOfferedTheButton() throws {
        let fixture = try SessionFixture(title: "group")
        let session = fixture.session
        try session.invite(botAt: fixture.folder.write("menu.lua", Self.menu))
        try session.invite(botAt: fixture.folder.write("parrot.lua", Self.parrot))
        try session.send("menu")
        session.settle()
        fixture.clearEvents()
        try session.pick(.label("Coffee"))
        session.settle()
        #expect(added(fixture).contains("Menu: one Coffee coming"))
    }

    /// A pick is a person's answer to the bot that offered the button: it starts the turn
    /// budget again as a typed message does, and the other bots hear the answer it gets,
    /// not the pick itself.
    @Test func aPickStartsTheTurnBudgetAgain() throws {
        var options = ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!)
        options.turnBudget = 3
        let fixture = try SessionFixture(title: "group", options: options)
        let session = fixture.session
        try session.invite(botAt: fixture.folder.write("menu.lua", Self.menu))
        try session.invite(botAt: fixture.folder.write("parrot.lua", Self.parrot))
        try session.send("menu")
        session.settle()
        #expect(
            added(fixture).filter { $0.hasPrefix("system: 3 bot messages") }.count == 1, "the budget ran out first")
        try session.pick(.label("Coffee"), on: session.messages.last { $0.text == "Pick one" })
        session.settle()
        let after = added(fixture)
        #expect(after.contains("Menu: one Coffee coming"), "\(after)")
        #expect(after.contains("Parrot: parrot: one Coffee coming"), "bots hear each other again: \(after)")
        #expect(!after.contains("Parrot: parrot: Coffee"), "the pick is the offering bot's: \(after)")
    }

    @Test func botsHearEachOtherUntilTheTurnBudgetAndAPersonResetsIt() throws {
        var options = ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!)
        options.turnBudget = 4
        let fixture = try SessionFixture(title: "group", options: options)
        let session = fixture.session
        try session.invite(botAt: fixture.folder.write("echo.lua", Self.echo))
        try session.invite(botAt: fixture.folder.write("parrot.lua", Self.parrot))
        fixture.clearEvents()

        try session.send("hi")
        session.settle()
        let first = added(fixture)
        #expect(first.filter { $0.hasPrefix("Echo:") || $0.hasPrefix("Parrot:") }.count <= 5)
        #expect(
            first.filter { $0.hasPrefix("system:") } == [
                "system: 4 bot messages without a person: the bots wait until someone writes"
            ])
        #expect(first.prefix(2) == ["me: hi", "Echo: echo: hi"], "every bot answers the person first")
        #expect(session.nextWakeTime == nil, "the loop stopped")

        try session.send("again")
        session.settle()
        #expect(added(fixture).filter { $0.hasPrefix("system:") }.count == 1, "the count starts again")
    }

    @Test func aTwoPartyBotStaysInTheGroupAsItself() throws {
        let fixture = try SessionFixture(title: "duo", bot: Self.echo)
        let session = fixture.session
        try session.invite(person: "Bob")
        #expect(session.bot == nil)
        #expect(session.conversation.botScriptPath == nil)
        #expect(session.presentParticipants.map(\.name) == ["Echo", "Bob"])
        fixture.clearEvents()
        try session.send("hey")
        #expect(added(fixture) == ["me: hey", "Echo: echo: hey"])
    }

    @Test func reopeningAGroupRunsItsBotsAgain() throws {
        let fixture = try SessionFixture(title: "group")
        try fixture.session.invite(botAt: fixture.folder.write("echo.lua", Self.echo), as: "Repeater")
        let again = try ChatSession(
            store: fixture.store, clock: fixture.clock, title: "group",
            options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
        var texts: [String] = []
        again.onEvent = { event, _ in
            if case .messageAdded(let message) = event { texts.append("\(message.sender): \(message.text)") }
        }
        try again.send("still there?")
        #expect(texts == ["me: still there?", "Repeater: echo: still there?"])
    }

    @Test func kickedParticipantsKeepTheirMessagesAndStopSpeaking() throws {
        let fixture = try SessionFixture(title: "group")
        let session = fixture.session
        try session.invite(botAt: fixture.folder.write("echo.lua", Self.echo))
        try session.invite(person: "Bob")
        try session.speak(as: "Bob", "bye")
        try session.kick("Echo")
        try session.kick("Bob")
        fixture.clearEvents()
        try session.send("anyone?")
        #expect(added(fixture) == ["me: anyone?"])
        #expect(throws: ChatError.unknownParticipant(name: "Bob", known: [])) { try session.speak(as: "Bob", "back") }
        #expect(session.participants.map(\.hasLeft) == [true, true])
        #expect(try fixture.stored().contains("them: bye"))
        try session.invite(person: "Bob")
        #expect(session.presentParticipants.map(\.name) == ["Bob"], "someone who left may come back")
    }

    @Test func badInputIsOneClearErrorAndTheGroupCarriesOn() throws {
        let fixture = try SessionFixture(title: "group")
        let session = fixture.session
        try session.invite(botAt: fixture.folder.write("echo.lua", Self.echo))
        try session.invite(person: "Bob")
        #expect(throws: ChatError.unknownParticipant(name: "Zed", known: ["Echo", "Bob"])) {
            try session.speak(as: "Zed", "hi")
        }
        #expect(throws: ChatError.unknownParticipant(name: "Zed", known: ["Echo", "Bob"])) { try session.kick("Zed") }
        #expect(throws: ChatError.participantNameTaken("bob")) { try session.invite(person: "bob") }
        #expect(throws: ChatError.participantNameTaken("Echo")) {
            try session.invite(botAt: fixture.folder.write("echo2.lua", Self.echo))
        }
        #expect(throws: ChatError.participantIsBot("Echo")) { try session.speak(as: "Echo", "hi") }
        #expect(throws: ChatError.invalidParticipantName("them")) { try session.invite(person: "them") }
        #expect(throws: ChatError.invalidParticipantName(" ")) { try session.invite(person: " ") }
        let broken = try fixture.folder.write("broken.lua", "bot { name = 'Broken' }\nthis is not lua")
        #expect {
            try session.invite(botAt: broken)
        } throws: { error in
            guard case .script(let script) = error as? ChatError else { return false }
            return script.description.contains("broken.lua:2")
        }
        #expect(session.presentParticipants.map(\.name) == ["Echo", "Bob"])
        fixture.clearEvents()
        try session.send("still fine")
        #expect(added(fixture) == ["me: still fine", "Echo: echo: still fine"])
    }

    @Test func aBotThatNoLongerLoadsIsLeftOutWithANotice() throws {
        let fixture = try SessionFixture(title: "group")
        let path = try fixture.folder.write("echo.lua", Self.echo)
        try fixture.session.invite(botAt: path)
        try fixture.session.invite(person: "Bob")
        try "this is not lua".write(toFile: path, atomically: true, encoding: .utf8)
        var notices: [String] = []
        let again = try ChatSession(
            store: fixture.store, clock: fixture.clock, title: "elsewhere",
            options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
        again.onEvent = { event, _ in if case .notice(let text) = event { notices.append(text) } }
        try again.open(title: "group", mode: .openExisting)
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("Echo (echo.lua) did not load: echo.lua:1:") == true, "\(notices)")
        #expect(again.presentParticipants.map(\.name) == ["Echo", "Bob"])
        try again.speak(as: "Bob", "hello")
        #expect(try fixture.stored().last == "them: hello")
    }

    /// A bot that answers only people, saying who it is.
    static func quiet(_ name: String, talkativeness: Double = 0.5) -> String {
        """
        bot { name = "\(name)", talkativeness = \(talkativeness) }
        on_message(function(msg, chat)
          if not msg.sender.is_bot then chat:reply("\(name) here") end
        end)
        """
    }

    private func group(_ bots: [String], policy: TurnPolicy, seed: UInt64 = 0) throws -> SessionFixture {
        let fixture = try SessionFixture(
            title: "group", options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!, randomSeed: seed))
        for (index, bot) in bots.enumerated() {
            try fixture.session.invite(botAt: fixture.folder.write("bot\(index).lua", bot))
        }
        try fixture.session.setTurnPolicy(policy)
        fixture.clearEvents()
        return fixture
    }

    @Test func underMentionOnlyTheBotsMentionedAnswer() throws {
        let fixture = try group([Self.quiet("Ann"), Self.quiet("Ben"), Self.quiet("Cy")], policy: .mention)
        try fixture.session.send("@cy and @Ann, a question")
        #expect(added(fixture) == ["me: @cy and @Ann, a question", "Cy: Cy here", "Ann: Ann here"])
        try fixture.session.send("nobody mentioned")
        #expect(added(fixture) == ["me: nobody mentioned"])
    }

    @Test func underRoundRobinTheBotsTakeTurns() throws {
        let fixture = try group([Self.quiet("Ann"), Self.quiet("Ben")], policy: .roundRobin)
        for text in ["one", "two", "three"] { try fixture.session.send(text) }
        #expect(added(fixture).filter { !$0.hasPrefix("me:") } == ["Ann: Ann here", "Ben: Ben here", "Ann: Ann here"])
    }

    @Test func underNaturalMentionedBotsAnswerThenTalkativeOnesTheSameOnEveryRun() throws {
        func run() throws -> [String] {
            let fixture = try group(
                [Self.quiet("Mute", talkativeness: 0), Self.quiet("Chatty", talkativeness: 1), Self.quiet("Maybe")],
                policy: .natural, seed: 42)
            try fixture.session.send("hello @Mute")
            for index in 0..<6 { try fixture.session.send("message \(index)") }
            return added(fixture).filter { !$0.hasPrefix("me:") }
        }
        let first = try run()
        #expect(first.prefix(2) == ["Mute: Mute here", "Chatty: Chatty here"], "a mention wins over talkativeness")
        #expect(first.filter { $0.hasPrefix("Mute:") }.count == 1)
        #expect(first.filter { $0.hasPrefix("Chatty:") }.count == 7)
        let maybe = first.filter { $0.hasPrefix("Maybe:") }.count
        #expect(maybe > 0 && maybe < 7, "a 0.5 chance answers some: \(maybe)")
        #expect(try run() == first)
    }

    @Test func underManualNoBotAnswersUntilGivenTheTurn() throws {
        let fixture = try group([Self.quiet("Ann"), Self.quiet("Ben")], policy: .manual)
        try fixture.session.invite(person: "Bob")
        fixture.clearEvents()
        try fixture.session.send("who wants it?")
        #expect(added(fixture) == ["me: who wants it?"])
        try fixture.session.giveTurn(to: "ben")
        #expect(added(fixture) == ["Ben: Ben here"])
        #expect(throws: ChatError.unknownParticipant(name: "Zed", known: ["Ann", "Ben", "Bob"])) {
            try fixture.session.giveTurn(to: "Zed")
        }
        #expect(throws: ChatError.participantIsNotABot("Bob")) { try fixture.session.giveTurn(to: "Bob") }
        #expect(fixture.session.turnPolicy == .manual)
        let again = try ChatSession(
            store: fixture.store, clock: fixture.clock, title: "group",
            options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
        #expect(again.turnPolicy == .manual, "the policy is stored with the conversation")
    }

    @Test func threeBotsUnderAllAreScheduledInOnePassOfTheClock() throws {
        let fixture = try group(
            [
                Self.parrot, Self.parrot.replacingOccurrences(of: "Parrot", with: "Polly"),
                Self.parrot.replacingOccurrences(of: "Parrot", with: "Kea"),
            ], policy: .all)
        try fixture.session.send("hi")
        let due = try #require(fixture.session.nextWakeTime)
        fixture.clock.advance(to: due)
        fixture.session.runDue()
        let replies = added(fixture).filter { !$0.hasPrefix("me:") }
        #expect(replies.count == 3, "\(replies)")
        #expect(Set(replies.map { $0.prefix { $0 != ":" } }) == ["Parrot", "Polly", "Kea"])
    }

    @Test func botsSeeWhoWroteWhomItMentionsAndWhoIsThere() throws {
        let fixture = try SessionFixture(title: "group")
        let session = fixture.session
        try session.invite(
            botAt: fixture.folder.write(
                "who.lua",
                """
                bot { name = "Who" }
                on_message(function(msg, chat)
                  if msg.sender.is_bot then return end
                  local here = {}
                  for _, p in ipairs(chat.participants) do here[#here + 1] = p.name .. "/" .. p.kind end
                  chat:reply(("%s/%s [%s] %s"):format(
                    msg.sender.name, msg.sender.kind, table.concat(msg.mentions or {}, ","), table.concat(here, " ")))
                end)
                """))
        try session.invite(person: "Bob Smith")
        fixture.clearEvents()
        try session.send("hi @who and @BOB SMITH, not @bobby")
        try session.speak(as: "Bob Smith", "plain")
        #expect(
            added(fixture).filter { $0.hasPrefix("Who:") } == [
                "Who: you/you [Who,Bob Smith] you/you Who/bot Bob Smith/person",
                "Who: Bob Smith/person [] you/you Who/bot Bob Smith/person",
            ])
    }
}
