import BanterCore
import BanterTestSupport
import BanterTheme
import Foundation
import Testing

@testable import BanterTerminal

@Suite("Bubble geometry")
struct BubbleGeometryTests {
    @Test("every bubble's lines have one width", arguments: [WidthModel.modern, .legacy])
    func equalWidths(model: WidthModel) {
        for style in BorderStyle.allCases {
            for mode in [ColorMode.none, .trueColor] {
                let renderer = ReferenceConversation.renderer(style: style, colorMode: mode, model: model)
                for width in 20...120 {
                    for item in ReferenceConversation.items {
                        guard case .message(let message, let position, _) = item, message.sender != .system else {
                            continue
                        }
                        let lines = renderer.renderMessage(message, position: position, width: width)
                            .map { SGR.strip($0) }
                        let widths = Set(lines.map { DisplayWidth.of($0, model: model) })
                        #expect(widths.count == 1, "\(message.text) at \(width): \(lines)")
                    }
                }
            }
        }
    }

    /// A message drawn on its own (`renderMessage`) reuses the painter the one before kept:
    /// a different style, colour mode or width must never get the borders of another. Each
    /// message is drawn after every other look, and compared with what a new painter draws.
    @Test func messagesDrawnOneByOneTakeNoBordersFromAnotherLook() {
        let looks: [(BorderStyle, ColorMode, Int)] = [
            (.rounded, .none, 44), (.rounded, .trueColor, 44), (.filled, .trueColor, 44), (.ascii, .none, 80),
            (.rounded, .none, 80),
        ]
        let items = ReferenceConversation.items.compactMap { item -> (Message, ClusterPosition)? in
            guard case .message(let message, let position, _) = item, message.sender != .system else { return nil }
            return (message, position)
        }
        for (style, mode, width) in looks {
            let renderer = ReferenceConversation.renderer(style: style, colorMode: mode)
            for (message, position) in items {
                var painter = BubblePainter(
                    width: width, style: renderer.bubbleStyle, shapes: renderer.theme.fillShapes,
                    escapes: renderer.escapes)
                var groupPainter: BubblePainter?
                var scratch: [WrappedLine] = []
                var fresh: [String] = []
                renderer.appendMessage(
                    message, position: position, showsQuickReplies: true, painter: &painter,
                    groupPainter: &groupPainter, scratch: &scratch, into: &fresh)
                for (otherStyle, otherMode, otherWidth) in looks {
                    _ = ReferenceConversation.renderer(style: otherStyle, colorMode: otherMode)
                        .renderMessage(message, position: position, width: otherWidth)
                    let alone = renderer.renderMessage(message, position: position, width: width)
                    #expect(alone == fresh, "\(style) \(mode) \(width) after \(otherStyle) \(otherMode) \(otherWidth)")
                }
            }
        }
    }

    /// A fuzz finding: a Prepend character (U+0600) joined the padding space after it into
    /// one grapheme, so the text row measured one column short of its borders.
    @Test(arguments: ["\u{600}", "ab\u{600}", "\u{6DD}x \u{110BD}"])
    func aPrependCharacterAtTheEndKeepsTheRowsEven(text: String) {
        let renderer = ReferenceConversation.renderer()
        let message = Message(id: 1, conversationID: 1, sender: .me, text: text, sentAt: ReferenceDay.now)
        let lines = renderer.renderMessage(message, position: .single, width: 20)
        #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1, "\(lines)")
        #expect(DisplayWidth.of("\u{600} ") == 1)
    }

    @Test("nothing reaches the last column", arguments: [20, 33, 40, 57, 80, 101, 120])
    func lastColumnStaysFree(width: Int) {
        let lines = ReferenceConversation.renderer().render(ReferenceConversation.items, width: width)
        for line in lines {
            #expect(DisplayWidth.of(line) <= width - 1, "\(line)")
        }
    }

    @Test func bubblesStayWithinSeventyPercent() {
        let lines = ReferenceConversation.renderer().render(ReferenceConversation.items, width: 100)
        for line in lines where line.contains("│") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            #expect(DisplayWidth.of(trimmed) <= 70, "\(line)")
        }
    }

    @Test func tailOnlyOnLastBubbleOfACluster() {
        let start = ReferenceDay.today
        let messages = (0..<3).map {
            Message(
                id: Int64($0), conversationID: 1, sender: .them, text: "m\($0)",
                sentAt: Timestamp(millisecondsSince1970: start + Int64($0) * 5000))
        }
        let lines = ReferenceConversation.renderer().render(
            Layout.items(for: messages, rules: GroupingRules()), width: 40)
        #expect(lines.filter { $0.contains("╱") }.count == 1)
        #expect(lines.last?.hasPrefix("╱╰") == true)
        #expect(!lines.contains(""), "a cluster has no blank lines")
    }

    @Test func sentOnTheRightReceivedOnTheLeft() {
        let renderer = ReferenceConversation.renderer()
        let mine = Message(id: 1, conversationID: 1, sender: .me, text: "hi", sentAt: ReferenceDay.now)
        let theirs = Message(id: 2, conversationID: 1, sender: .them, text: "hi", sentAt: ReferenceDay.now)
        #expect(
            renderer.renderMessage(mine, position: .single, width: 40) == [
                "                                ╭────╮ ",
                "                                │ hi │ ",
                "                                ╰────╯╲",
            ])
        #expect(renderer.renderMessage(theirs, position: .single, width: 40) == [" ╭────╮", " │ hi │", "╱╰────╯"])
    }

    @Test func emojiOnlyMessagesHaveNoBubble() {
        let renderer = ReferenceConversation.renderer()
        let message = Message(id: 1, conversationID: 1, sender: .them, text: "🇫🇷 👍🏽", sentAt: ReferenceDay.now)
        #expect(renderer.renderMessage(message, position: .single, width: 40) == [" 🇫🇷 👍🏽"])
        #expect(EmojiText.isEmojiOnly("1️⃣❤️👨‍👩‍👧‍👦"))
        #expect(!EmojiText.isEmojiOnly("😀😀😀😀"))
        #expect(!EmojiText.isEmojiOnly("123"))
        #expect(!EmojiText.isEmojiOnly("ok 👍"))
    }

    @Test func statusUnderTheLastSentMessageOnly() {
        let lines = ReferenceConversation.renderer().render(ReferenceConversation.items, width: 80)
        #expect(lines.filter { $0.contains("✓") }.count == 1)
        #expect(lines.last?.hasSuffix("Delivered ✓✓") == true)
        let none = ReferenceConversation.renderer().render(ReferenceConversation.items, width: 80, showsStatus: false)
        #expect(!none.contains { $0.contains("✓") })
        #expect(DeliveryStatus.sending.label == "Sending…")
    }
}
