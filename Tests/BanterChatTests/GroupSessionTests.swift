import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
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
}
