import BanterCore
import BanterTestSupport
import BanterTheme
import Testing

@testable import BanterTerminal

/// `--as them`: the transcript drawn for the person speaking as the other side. Their
/// messages (sender `them`) are the sent ones, the user's the received ones; headers,
/// grouping and system lines do not change.
@Suite("Mirrored rendering")
struct MirroredRenderingTests {
    /// Two messages each way in one cluster each, ASCII borders, no colour.
    private static let messages: [Message] = [
        message(1, .me, "hi", second: 0, status: .read),
        message(2, .them, "hello", second: 30),
        message(3, .them, "how are you?", second: 35),
    ]

    private static func message(
        _ id: Int64, _ sender: Sender, _ text: String, second: Int64, status: DeliveryStatus = .sent
    ) -> Message {
        let sentAt = Timestamp(millisecondsSince1970: ReferenceDay.today + 19 * 3_600_000 + second * 1000)
        return Message(id: id, conversationID: 1, sender: sender, text: text, sentAt: sentAt, status: status)
    }

    private static func render(
        _ messages: [Message], perspective: Side, style: BorderStyle = .ascii,
        colorMode: ColorMode = .none, width: Int = 40
    ) -> [String] {
        ReferenceConversation.renderer(style: style, colorMode: colorMode, perspective: perspective)
            .render(Layout.items(for: messages, rules: GroupingRules()), width: width)
    }

    @Test func theOtherSidesMessagesAreDrawnAsSentWithTheirStatus() {
        let lines = Self.render(Self.messages, perspective: .them)
        #expect(
            lines == [
                "              Today 19:00",
                " +----+",
                " | hi |",
                "/+----+",
                "",
                "                             +-------+ ",
                "                             | hello | ",
                "                             +-------+ ",
                "                      +--------------+ ",
                "                      | how are you? | ",
                "                      +--------------+\\",
                "                                Sent ✓",
            ])
    }

    @Test func theUsersViewIsUnchanged() {
        let lines = Self.render(Self.messages, perspective: .me)
        #expect(
            lines == [
                "              Today 19:00",
                "                                +----+ ",
                "                                | hi | ",
                "                                +----+\\",
                "                               Read ✓✓",
                "",
                " +-------+",
                " | hello |",
                " +-------+",
                " +--------------+",
                " | how are you? |",
                "/+--------------+",
            ])
    }

    /// Mirroring is exactly swapping the two senders: whatever the reference conversation
    /// draws (emoji lines, wrapping, clusters, colours, status), seen from the other side it
    /// is the user's view of the same messages with `me` and `them` exchanged.
    @Test("mirrored equals swapped senders", arguments: [40, 80])
    func mirroredEqualsSwappedSenders(width: Int) {
        let swapped = ReferenceConversation.messages.map { message in
            var copy = message
            switch message.sender.role {
            case .me: copy.sender = .them
            case .them: copy.sender = .me
            case .system: break
            }
            return copy
        }
        for (style, mode) in [(BorderStyle.rounded, ColorMode.trueColor), (.ascii, .none)] {
            let mirrored = Self.render(
                ReferenceConversation.messages, perspective: .them, style: style, colorMode: mode, width: width)
            let user = Self.render(swapped, perspective: .me, style: style, colorMode: mode, width: width)
            #expect(mirrored == user)
            #expect(
                mirrored
                    != Self.render(
                        ReferenceConversation.messages, perspective: .me, style: style, colorMode: mode, width: width))
        }
    }

    @Test func searchHitsCallThePerspectivesOwnMessagesYours() {
        let mirrored = ReferenceConversation.renderer(perspective: .them)
        #expect(mirrored.searchHit(Self.messages[1], highlighting: [], width: 60) == "Today 19:00  You: hello")
        #expect(mirrored.searchHit(Self.messages[0], highlighting: [], width: 60) == "Today 19:00  Other side: hi")
        let user = ReferenceConversation.renderer()
        #expect(user.searchHit(Self.messages[0], highlighting: [], width: 60) == "Today 19:00  You: hi")
        #expect(user.searchHit(Self.messages[1], highlighting: [], width: 60) == "Today 19:00  Alisha: hello")
    }
}
