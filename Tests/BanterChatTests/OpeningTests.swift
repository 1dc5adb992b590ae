import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import Foundation
import Testing

@Suite struct OpeningTests {
    @Test func opensAnExistingConversationByTitle() throws {
        let store = try ChatStore(path: ":memory:")
        let existing = try store.createConversation(title: "old", createdAt: SessionFixture.start)
        try store.append(conversationID: existing.id, sender: .them, text: "still here", sentAt: SessionFixture.start)
        let fixture = try SessionFixture(title: "old", store: store)
        #expect(fixture.session.conversation.id == existing.id)
        #expect(fixture.session.messages.map(\.text) == ["still here"])
        #expect(fixture.session.participant.name == "old")
        #expect(fixture.session.bot == nil)
    }

    @Test func switchingConversationsPublishesTheNewOne() throws {
        let fixture = try SessionFixture(title: "one")
        try fixture.session.send("in one")
        fixture.clearEvents()
        #expect(try fixture.session.open(title: "two", mode: .openOrCreate))
        #expect(fixture.session.conversation.title == "two")
        #expect(fixture.session.messages.isEmpty)
        #expect(fixture.events.first == .conversationOpened(fixture.session.conversation))
        #expect(throws: ChatError.noSuchConversation(title: "three")) {
            try fixture.session.open(title: "three", mode: .openExisting)
        }
        #expect(throws: ChatError.conversationExists(title: "one")) {
            try fixture.session.open(title: "one", mode: .createNew)
        }
        #expect(throws: ChatError.emptyTitle) { try fixture.session.open(title: "  ", mode: .openOrCreate) }
        #expect(fixture.session.conversation.title == "two")
        #expect(try fixture.session.open(title: "one", mode: .openExisting) == false)
        #expect(fixture.session.messages.map(\.text) == ["in one"])
    }

    @Test func reloadWithoutABotIsAnError() throws {
        let fixture = try SessionFixture()
        #expect(throws: ChatError.noBot) { try fixture.session.reloadBot() }
    }
}
