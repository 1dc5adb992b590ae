import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// A session speaking as the other side (`banter chat --as them`): the second person of a
/// conversation, typically in a second process on the same database.
@Suite struct SpeakingAsThemTests {
    private static let asThem = ChatSessionOptions(side: .them, timeZone: TimeZone(identifier: "UTC")!)

    /// The user's session with a bot that answers everything, then a session speaking as
    /// the other side on the same store.
    private func conversationWithBot() throws -> (user: SessionFixture, them: ChatSession) {
        let user = try SessionFixture(
            title: "alisha",
            bot: """
                bot { name = "Alisha" }
                fallback(function(msg, chat) chat:reply("bot says hi") end)
                """)
        let them = try ChatSession(store: user.store, clock: user.clock, title: "alisha", options: Self.asThem)
        return (user, them)
    }

    @Test func typedTextIsStoredFromThemAndAsNamesTheUser() throws {
        let fixture = try SessionFixture(options: Self.asThem)
        #expect(fixture.session.side == .them)
        let sent = try #require(try fixture.session.send("  hello from them "))
        #expect(sent.sender == .them)
        let injected = try #require(try fixture.session.receive("and from me"))
        #expect(injected.sender == .me)
        #expect(fixture.takeAdded() == ["them: hello from them", "me: and from me"])
        #expect(try fixture.stored() == ["them: hello from them", "me: and from me"])
    }

    @Test func theStoredBotDoesNotRunAndANoticeSaysWhy() throws {
        let (user, them) = try conversationWithBot()
        #expect(user.session.bot != nil)
        #expect(them.bot == nil)
        #expect(them.participant.name == "Alisha")
        #expect(them.silencedBotNotice == "you speak as Alisha here, so the conversation's bot (bot.lua) does not run")
        #expect(user.session.silencedBotNotice == nil)

        var notices: [String] = []
        them.onEvent = { event, _ in if case .notice(let text) = event { notices.append(text) } }
        try them.open(title: "alisha", mode: .openExisting)
        #expect(notices == [try #require(them.silencedBotNotice)])

        try them.send("nobody answers this")
        them.settle()
        #expect(try user.stored() == ["them: nobody answers this"])
        // The conversation keeps its bot for the user's next session.
        #expect(try user.store.conversation(titled: "alisha")?.botScriptPath != nil)
    }

    @Test func botsAreRefusedWhileSpeakingAsThem() throws {
        let (user, them) = try conversationWithBot()
        let path = try #require(user.session.conversation.botScriptPath)
        #expect(throws: ChatError.botWhileSpeakingAsThem) { try them.loadBot(path: path) }
        #expect(throws: ChatError.botWhileSpeakingAsThem) { try them.reloadBot() }
        #expect(throws: ChatError.botWhileSpeakingAsThem) {
            try them.open(title: "other", botScriptPath: path, mode: .openOrCreate)
        }
        #expect(try user.store.conversation(titled: "other") == nil)
        #expect(throws: ChatError.botWhileSpeakingAsThem) {
            _ = try ChatSession(
                store: user.store, clock: user.clock, title: "alisha", botScriptPath: path, options: Self.asThem)
        }
        #expect(ChatError.botWhileSpeakingAsThem.description.contains("--as them"))
    }

    @Test func eachSideSeesTheOthersMessagesAndOnlyTheUsersReadingCountsAsRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shared.sqlite")
        let user = try SessionFixture(title: "pair", store: ChatStore(path: path))
        let them = try ChatSession(store: ChatStore(path: path), clock: user.clock, title: "pair", options: Self.asThem)
        var seenByThem: [String] = []
        them.onEvent = { event, _ in
            if case .messageAdded(let message) = event { seenByThem.append("\(message.sender): \(message.text)") }
        }

        try user.session.send("hi")
        #expect(try them.pollExternalChanges())
        #expect(seenByThem == ["me: hi"])

        try them.send("hey")
        try them.send("you there?")
        // The other side's session marks nothing read: both messages are unread for the user.
        #expect(try user.session.conversationSummaries().first?.unreadCount == 2)
        user.clearEvents()
        #expect(try user.session.pollExternalChanges())
        #expect(user.takeAdded() == ["them: hey", "them: you there?"])
        #expect(try user.session.conversationSummaries().first?.unreadCount == 0)
    }
}
