import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterChat

/// Message text that SQLite or the session could mangle: what is shown is exactly what a
/// later run reads back.
@Suite struct HostileMessageTests {
    @Test func nulCharacterIsStoredAsItsSymbolNotCutOff() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("chat.sqlite")
        let fixture = try SessionFixture(title: "nul", store: try ChatStore(path: path))
        let sent = try #require(try fixture.session.send("before\u{0}after"))
        let received = try #require(try fixture.session.receive("\u{0}"))
        #expect(sent.text == "before\u{2400}after")
        #expect(received.text == "\u{2400}")

        let reopened = try ChatStore(path: path)
        let conversation = try #require(try reopened.conversation(titled: "nul"))
        let stored = try reopened.latestPage(conversationID: conversation.id, limit: 10).messages
        #expect(stored == [sent, received], "a later run reads exactly what was shown")
    }

    @Test func botReplyWithNulIsNotCutOff() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "B" }
                fallback(function(msg, chat) chat:reply("a\\0b") end)
                """)
        try fixture.session.send("hi")
        fixture.session.settle()
        #expect(try fixture.stored() == ["me: hi", "them: a\u{2400}b"])
    }

    @Test func textThatIsOnlyMarksOrSpacesOrHugeIsHandled() throws {
        let fixture = try SessionFixture()
        #expect(try fixture.session.send(" \t\u{3000}\u{A0}\n ") == nil, "blank text is not a message")
        #expect(try fixture.session.send("\u{301}\u{302}")?.text == "\u{301}\u{302}")
        let limit = ChatSessionOptions.defaultMaximumMessageBytes
        #expect(throws: ChatError.messageTooLong(bytes: limit + 1, limit: limit)) {
            try fixture.session.send(String(repeating: "x", count: limit + 1))
        }
        #expect(try fixture.session.send(String(repeating: "x", count: limit))?.text.utf8.count == limit)
        #expect(try fixture.stored().count == 2)
    }
}
