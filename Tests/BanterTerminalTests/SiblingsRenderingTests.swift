import BanterCore
import BanterTestSupport
import BanterTheme
import Testing

@testable import BanterTerminal

/// `‹ 2/3 ›` under the bubbles of messages that have siblings (other answers to the same
/// message), aligned with the bubble's side, in every bubble style and at fixed widths: a
/// sent bubble, a received one, an emoji line, a reacted message and a group's bubble.
@Suite("Sibling markers")
struct SiblingsRenderingTests {
    static let messages: [Message] = {
        let start = ReferenceDay.now - .seconds(600)
        var list = [
            Message(id: 1, conversationID: 1, sender: .me, text: "Pizza or sushi tonight?", sentAt: start),
            Message(
                id: 2, conversationID: 1, sender: .them, text: "Sushi, obviously. The place on the corner?",
                sentAt: start + .seconds(5)),
            Message(id: 3, conversationID: 1, sender: .me, text: "👍", sentAt: start + .seconds(60)),
            Message(
                id: 4, conversationID: 1, sender: .them, text: "See you at eight", sentAt: start + .seconds(65)),
        ]
        list[3].reactions = [Reaction(emoji: "❤️", sender: .me, reactedAt: start + .seconds(70))]
        return list
    }()

    static let siblings: [Int64: Siblings] = [
        2: Siblings(ids: [2, 7, 9], index: 0),
        3: Siblings(ids: [5, 3], index: 1),
        4: Siblings(ids: [4, 11], index: 0),
    ]

    static func renderer(style: BorderStyle, colorMode: ColorMode) -> TranscriptRenderer {
        var renderer = ReferenceConversation.renderer(style: style, colorMode: colorMode)
        renderer.siblings = siblings
        return renderer
    }

    @Test("golden renders", arguments: [40, 80])
    func goldens(width: Int) throws {
        let items = Layout.items(for: Self.messages, rules: GroupingRules())
        for (name, style, mode) in MessageKindsRenderingTests.variants {
            let lines = Self.renderer(style: style, colorMode: mode).render(items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "siblings-\(width)-\(name)")
        }
    }

    @Test("in a group", arguments: [40, 80])
    func group(width: Int) throws {
        let received = try #require(GroupConversation.messages.first { $0.sender.participant != nil })
        for (name, style, mode) in MessageKindsRenderingTests.variants {
            var renderer = GroupRenderingTests.renderer(style: style, colorMode: mode)
            renderer.siblings = [received.id: Siblings(ids: [received.id, 99], index: 0)]
            let lines = renderer.render(GroupConversation.items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "siblings-group-\(width)-\(name)")
        }
    }

    @Test func theMarkerSitsUnderItsBubbleOnTheSendersSide() {
        let items = Layout.items(for: Self.messages, rules: GroupingRules())
        let lines = Self.renderer(style: .rounded, colorMode: .none).render(items, width: 60).map(SGR.strip)
        let received = lines.firstIndex { $0.contains("‹ 1/3 ›") }
        let sent = lines.firstIndex { $0.contains("‹ 2/2 ›") }
        #expect(received.map { lines[$0].hasPrefix("  ‹") } == true)
        #expect(sent.map { lines[$0].hasSuffix("› ") || lines[$0].hasSuffix("›") } == true)
        let ascii = Self.renderer(style: .ascii, colorMode: .none).render(items, width: 60).joined()
        #expect(ascii.contains("< 1/3 >") && !ascii.contains("‹"))
        let plain = ReferenceConversation.renderer().render(items, width: 60).joined()
        #expect(!plain.contains("1/3"), "no marker without siblings")
    }
}
