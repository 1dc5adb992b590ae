import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@Suite struct ExternalChangeTests {
    @Test func picksUpMessagesAndRulesAnotherProcessWrote() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("chat.sqlite")
        let fixture = try SessionFixture(title: "shared", store: try ChatStore(path: path))
        try fixture.session.send("mine")
        #expect(try fixture.session.pollExternalChanges() == false)
        fixture.clearEvents()

        let other = try ChatStore(path: path)
        let conversation = try #require(try other.conversation(titled: "shared"))
        let written = try other.append(
            conversationID: conversation.id, sender: .them, text: "from elsewhere",
            sentAt: SessionFixture.start + .seconds(3))
        let rules = GroupingRules(sectionGap: .seconds(60))
        try other.updateRules(rules, conversationID: conversation.id)

        #expect(try fixture.session.pollExternalChanges())
        #expect(fixture.events == [.rulesChanged(rules), .messageAdded(written)])
        #expect(fixture.session.messages.map(\.text) == ["mine", "from elsewhere"])
        #expect(try fixture.session.pollExternalChanges() == false)
    }
}
