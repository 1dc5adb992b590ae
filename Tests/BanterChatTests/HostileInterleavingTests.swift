import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// Two processes writing one conversation at once: whatever times their messages carry and
/// in whatever order their commits land, each session shows every message of the other.
@Suite struct HostileInterleavingTests {
    @Test func picksUpAnotherProcessesMessageThatIsOlderThanOwnNewest() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("chat.sqlite")
        let fixture = try SessionFixture(title: "shared", store: try ChatStore(path: path))
        let other = try ChatStore(path: path)
        let conversation = try #require(try other.conversation(titled: "shared"))

        // The other process stamps its message at 18:00:05, but this session has already
        // sent one at 18:00:10 when the other's commit becomes visible.
        fixture.clock.advance(by: .seconds(10))
        try fixture.session.send("mine at :10")
        let theirs = try other.append(
            conversationID: conversation.id, sender: .them, text: "theirs at :05",
            sentAt: SessionFixture.start + .seconds(5))
        fixture.clearEvents()

        #expect(try fixture.session.pollExternalChanges())
        #expect(fixture.events == [.messageAdded(theirs)])
        #expect(fixture.session.messages.map(\.text) == ["theirs at :05", "mine at :10"])
        #expect(try fixture.session.pollExternalChanges() == false)
    }

    @Test func interleavedBurstsFromTwoStoresAreAllSeenExactlyOnce() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("chat.sqlite")
        let fixture = try SessionFixture(title: "shared", store: try ChatStore(path: path))
        let other = try ChatStore(path: path)
        let conversation = try #require(try other.conversation(titled: "shared"))
        var random = SeededGenerator(seed: 42)

        for round in 0..<50 {
            fixture.clock.advance(by: .milliseconds(Int64.random(in: 0...3000, using: &random)))
            if Bool.random(using: &random) {
                try fixture.session.send("me \(round)")
            } else {
                let skew = Int64.random(in: -5000...5000, using: &random)
                _ = try other.append(
                    conversationID: conversation.id, sender: .them, text: "them \(round)",
                    sentAt: fixture.clock.now + .milliseconds(skew))
            }
            if Int.random(in: 0..<4, using: &random) == 0 { try fixture.session.pollExternalChanges() }
        }
        try fixture.session.pollExternalChanges()
        let shown = fixture.session.messages
        #expect(shown.count == 50)
        #expect(Set(shown.map(\.id)).count == 50, "no message twice")
        #expect(shown == shown.sorted(by: Message.chronological), "the window stays in time order")
    }
}
