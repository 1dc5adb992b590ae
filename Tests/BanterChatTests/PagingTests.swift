import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import Foundation
import Testing

@Suite struct PagingTests {
    /// A conversation of `count` messages a minute apart, "m0" oldest.
    private func fixture(count: Int, pageSize: Int) throws -> SessionFixture {
        let store = try ChatStore(path: ":memory:")
        let conversation = try store.createConversation(title: "paged", createdAt: SessionFixture.start)
        try store.append(
            contentsOf: (0..<count).map {
                NewMessage(
                    conversationID: conversation.id, sender: $0 % 2 == 0 ? .me : .them, text: "m\($0)",
                    sentAt: SessionFixture.start - .seconds(60 * (count - $0)))
            })
        return try SessionFixture(
            title: "paged", store: store,
            options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!, pageSize: pageSize))
    }

    @Test func opensOnTheLatestPageAndPagesUpToTheBeginning() throws {
        let fixture = try fixture(count: 7, pageSize: 3)
        let session = fixture.session
        #expect(session.messages.map(\.text) == ["m4", "m5", "m6"])
        #expect(!session.reachedBeginning)
        #expect(try session.loadOlderPage() == 3)
        #expect(session.messages.map(\.text) == ["m1", "m2", "m3", "m4", "m5", "m6"])
        #expect(!session.reachedBeginning)
        #expect(try session.loadOlderPage() == 1)
        #expect(session.messages.map(\.text) == ["m0", "m1", "m2", "m3", "m4", "m5", "m6"])
        #expect(session.reachedBeginning)
        #expect(try session.loadOlderPage() == 0)
        #expect(session.messages.count == 7)
    }

    @Test func exactlyOnePageReachesTheBeginningAtOnce() throws {
        let fixture = try fixture(count: 3, pageSize: 3)
        #expect(fixture.session.messages.count == 3)
        #expect(fixture.session.reachedBeginning)
    }

    @Test func newMessagesJoinTheWindowInTimeOrder() throws {
        let fixture = try fixture(count: 2, pageSize: 10)
        try fixture.session.send("now")
        #expect(fixture.session.messages.map(\.text) == ["m0", "m1", "now"])
    }

    @Test func searchFindsMessagesOfTheOpenConversationOnly() throws {
        let fixture = try fixture(count: 4, pageSize: 10)
        try fixture.session.send("pizza tonight?")
        try fixture.session.open(title: "other", mode: .openOrCreate)
        try fixture.session.send("pizza again")
        let hits = try fixture.session.search("PIZZA")
        #expect(hits.map(\.message.text) == ["pizza again"])
        #expect(hits.first?.matches.count == 1)
    }

    @Test func summariesListEveryConversationNewestFirst() throws {
        let fixture = try fixture(count: 2, pageSize: 10)
        try fixture.session.open(title: "fresh", mode: .openOrCreate)
        fixture.clock.advance(by: .seconds(5))
        try fixture.session.send("latest")
        let summaries = try fixture.session.conversationSummaries()
        #expect(summaries.map(\.conversation.title) == ["fresh", "paged"])
        #expect(summaries.first?.lastMessage?.text == "latest")
    }
}
