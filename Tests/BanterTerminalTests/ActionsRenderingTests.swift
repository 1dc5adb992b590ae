import BanterCore
import BanterTestSupport
import BanterTheme
import Foundation
import Testing

@testable import BanterTerminal

@Suite("Buttons, quick replies and cards")
struct ActionsRenderingTests {
    static var items: LayoutItems { Layout.items(for: ActionsConversation.messages(), rules: GroupingRules()) }

    @Test("golden renders", arguments: [40, 80, 200])
    func goldens(width: Int) throws {
        for (name, style, mode) in MessageKindsRenderingTests.variants {
            let lines = ReferenceConversation.renderer(style: style, colorMode: mode).render(Self.items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "actions-\(width)-\(name)")
        }
    }

    @Test("every built-in theme", arguments: BuiltInTheme.allCases)
    func themes(theme: BuiltInTheme) throws {
        let renderer = ReferenceConversation.renderer(style: nil, colorMode: .trueColor, palette: theme.palette)
        try GoldenFolder.transcripts.check(
            lines: renderer.render(Self.items, width: 80), named: "actions-80-theme-\(theme.rawValue)")
    }

    @Test("the card's picture drawn inline", arguments: [InlineImageProtocol.kitty, .iterm2])
    func inlinePicture(format: InlineImageProtocol) throws {
        var renderer = ReferenceConversation.renderer(style: .rounded, colorMode: .trueColor)
        renderer.inlineImages = InlineImages(format: format, pictures: [1: [0x89, 0x50, 0x4E, 0x47]])
        let lines = renderer.render(Self.items, width: 80)
        try GoldenFolder.transcripts.check(lines: lines, named: "actions-80-images-\(format.rawValue)")
        #expect(lines.joined().components(separatedBy: format == .kitty ? "\u{1B}_G" : "\u{1B}]1337;").count == 2)
    }

    @Test("rows stay inside the width", arguments: [20, 33, 40, 57, 80, 120, 200])
    func widths(width: Int) {
        for (_, style, mode) in MessageKindsRenderingTests.variants {
            let lines = ReferenceConversation.renderer(style: style, colorMode: mode).render(Self.items, width: width)
            for line in lines {
                let visible = SGR.strip(line)
                #expect(DisplayWidth.of(visible) <= width - 1, "\(width): \(visible)")
                #expect(!visible.contains("\u{1B}"), "an escape from a label reached the terminal: \(visible)")
            }
        }
    }

    @Test func chipsAreNumberedInDrawingOrderAndLinksAreNot() {
        let lines = ReferenceConversation.renderer().render(Self.items, width: 120)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("[1 Order]  [Menu ↗]"))
        #expect(text.contains("[1 Yes]  [2 No]  [3 ␛[31mRed␛[0m txet]"))
        #expect(text.contains("(5 Later)"))
        let confirm = ActionsConversation.messages()[4]
        #expect(confirm.choices(isNewest: true).map(\.button.label).suffix(1) == ["Later"])
        #expect(confirm.choices(isNewest: true).count == 5 && confirm.choices(isNewest: false).count == 4)
    }

    @Test func quickRepliesShowOnlyOnTheNewestMessage() {
        let renderer = ReferenceConversation.renderer()
        let text = renderer.render(Self.items, width: 80).joined(separator: "\n")
        #expect(!text.contains("Small"), "the quick replies of an answered message are gone")
        #expect(text.contains("(5 Later)"))
        var page: [String] = []
        renderer.render(Self.items, width: 80, lastIsNewest: false, into: &page)
        #expect(!page.joined().contains("Later"), "a page's last message is not the newest")
    }

    @Test func linksAreOSC8WhenColourIsOn() {
        let colour = ReferenceConversation.renderer(colorMode: .trueColor).render(Self.items, width: 80).joined()
        #expect(colour.contains(Hyperlink.open("https://example.com/menu", id: "b1-1")))
        let plain = ReferenceConversation.renderer().render(Self.items, width: 80).joined()
        #expect(!plain.contains("\u{1B}]8"))
    }

    @Test func aMessageWithOnlyACardDrawsNoEmptyBubble() {
        var message = Message(id: 9, conversationID: 1, sender: .them, text: "", sentAt: ReferenceDay.now)
        message.actions = MessageActions(card: ActionCard(title: "Pizza", buttons: [ActionButton(label: "Order")]))
        let lines = ReferenceConversation.renderer().renderMessage(message, position: .single, width: 40)
        #expect(lines == [" ╭───────────╮", " │ Pizza     │", " │ [1 Order] │", " ╰───────────╯"])
    }

    @Test func twelveButtonsWrapUnderTheBubble() {
        var message = Message(id: 9, conversationID: 1, sender: .them, text: "Pick", sentAt: ReferenceDay.now)
        message.actions = MessageActions(buttons: (1...12).map { ActionButton(label: "Option \($0)") })
        let lines = ReferenceConversation.renderer().renderMessage(message, position: .single, width: 40)
        let chips = lines.dropFirst(3)
        #expect(chips.count > 3)
        #expect(chips.joined().contains("[12 Option 12]"))
        for line in chips { #expect(DisplayWidth.of(line) <= 40 * 7 / 10) }
    }
}
