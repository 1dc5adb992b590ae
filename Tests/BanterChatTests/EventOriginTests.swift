import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// Every event says where it came from, set where the session publishes it: what the user
/// did, the bot's work, another process, the session itself. The REPL animates only the
/// user's own message by it, without swapping handlers.
@Suite struct EventOriginTests {
    /// The published events as "origin: kind" lines.
    private func described(_ fixture: SessionFixture) -> [String] {
        zip(fixture.events, fixture.origins).map { event, origin in
            let kind =
                switch event {
                case .messageAdded(let message): "added \(message.sender.role.rawValue) \(message.text)"
                case .messageUpdated(let message): "updated \(message.text)"
                case .typingStarted: "typing"
                case .typingStopped: "typing stopped"
                case .rulesChanged: "rules"
                case .botLoaded(let participant): "bot \(participant.name)"
                case .conversationOpened(let conversation): "opened \(conversation.title)"
                case .notice, .note: "notice"
                case .handlerTraced: "trace"
                case .botPaused: "paused"
                case .messagesRetracted: "retracted"
                case .picked(let choice, _, _): "picked \(choice.button.label)"
                case .turnGiven(let name): "turn \(name)"
                }
            return "\(origin): \(kind)"
        }
    }

    @Test func theUsersMessageIsTheUsersAndTheReplyIsTheBots() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "B" }
                on_message(function(msg, chat) chat:reply("yo") end)
                on("^later", function(msg, chat) chat:reply("done", { after = 5 }) end)
                """)
        try fixture.session.send("hi")
        #expect(described(fixture) == ["user: added me hi", "bot: added them yo"])
        fixture.clearEvents()
        try fixture.session.apply(GroupingChange(clusterGap: .seconds(5)))
        try fixture.session.receive("from them")
        #expect(described(fixture) == ["user: rules", "user: added them from them"])
        fixture.clearEvents()
        try fixture.session.send("later")
        fixture.session.wait(.seconds(10))
        #expect(
            described(fixture).filter { $0.contains("added") } == [
                "user: added me later", "bot: added them yo", "bot: added them done",
            ])
    }

    @Test func anotherProcessesMessageIsTheOtherProcesss() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("chat.sqlite").path
        let first = try SessionFixture(title: "pair", store: ChatStore(path: path))
        let second = try SessionFixture(title: "pair", store: ChatStore(path: path))
        try first.session.send("from the first")
        #expect(try second.session.pollExternalChanges())
        #expect(described(second) == ["otherProcess: added me from the first"])
    }

    @Test func openingAConversationIsTheSessions() throws {
        let fixture = try SessionFixture()
        _ = try fixture.session.open(title: "other", mode: .openOrCreate)
        #expect(described(fixture).first == "session: opened other")
    }
}
