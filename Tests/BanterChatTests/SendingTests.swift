import BanterChatTestSupport
import BanterCore
import BanterStore
import Foundation
import Testing

@testable import BanterChat

@Suite struct SendingTests {
    @Test func sentMessageIsStoredBeforeItIsPublished() throws {
        let fixture = try SessionFixture()
        var storedWhenPublished: [Bool] = []
        fixture.session.onEvent = { [unowned fixture] event, _ in
            guard case .messageAdded(let message) = event else { return }
            storedWhenPublished.append((try? fixture.store.message(id: message.id)) != nil)
        }
        try fixture.session.send("hello")
        #expect(storedWhenPublished == [true])
    }

    @Test func textIsTrimmedAndBlankTextSendsNothing() throws {
        let fixture = try SessionFixture()
        #expect(try fixture.session.send("   \n\t ") == nil)
        #expect(try fixture.session.send("") == nil)
        let message = try #require(try fixture.session.send("  hi there \n"))
        #expect(message.text == "hi there")
        #expect(message.sender == .me)
        #expect(message.sentAt == SessionFixture.start)
        #expect(try fixture.stored() == ["me: hi there"])
        #expect(fixture.session.messages.map(\.text) == ["hi there"])
    }

    @Test func tooLongMessageIsRefusedWithTheLimitInTheError() throws {
        let fixture = try SessionFixture()
        let limit = ChatSessionOptions.defaultMaximumMessageBytes
        #expect(try fixture.session.send(String(repeating: "a", count: limit)) != nil)
        #expect(throws: ChatError.messageTooLong(bytes: limit + 1, limit: limit)) {
            try fixture.session.send(String(repeating: "a", count: limit + 1))
        }
        let error = ChatError.messageTooLong(bytes: limit + 1, limit: limit)
        #expect(error.description.contains("65536"))
        #expect(try fixture.stored().count == 1)
    }

    @Test func injectedMessageComesFromTheOtherSideAndCountsAsRead() throws {
        let fixture = try SessionFixture()
        let message = try #require(try fixture.session.receive("  hey you "))
        #expect(message.sender == .them)
        #expect(message.text == "hey you")
        #expect(fixture.takeAdded() == ["them: hey you"])
        let summary = try #require(try fixture.session.conversationSummaries().first)
        #expect(summary.unreadCount == 0)
    }

    @Test func rulesAreStoredAndPublished() throws {
        let fixture = try SessionFixture()
        let rules = GroupingRules(sectionGap: .seconds(7200), clusterGap: .seconds(5), headerPattern: "{date} {time}")
        try fixture.session.setRules(rules)
        #expect(fixture.events == [.rulesChanged(rules)])
        #expect(fixture.session.conversation.rules == rules)
        #expect(try fixture.store.conversation(id: fixture.session.conversation.id)?.rules == rules)
    }
}
