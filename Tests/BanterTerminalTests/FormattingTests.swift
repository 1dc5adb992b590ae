import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterTerminal
@testable import BanterTheme

@Suite("Light formatting and links")
struct FormattingTests {
    static let texts: [(Sender, String)] = [
        (.them, "Did you see *the new menu*? It's at https://example.com/menu_(2026).pdf, or www.example.com."),
        (.me, "_Yes!_ Try `banter chat --bot alisha.lua` and *bold _nested italic_ text* too"),
        (.them, "snake_case_names and 2*3*4 stay as written, *unclosed too"),
        (
            .me,
            "A very long link https://example.com/a/really/long/path/that/has/to/wrap/across/several/rows?with=query&and=more that wraps"
        ),
        (.them, "`code with *stars* and https://not.a.link`"),
    ]

    static var messages: [Message] {
        texts.enumerated().map { index, entry in
            Message(
                id: Int64(index + 1), conversationID: 1, sender: entry.0, text: entry.1,
                sentAt: ReferenceDay.at(dayOffset: 0, 14, Int64(index)))
        }
    }

    static var items: LayoutItems { Layout.items(for: messages, rules: GroupingRules()) }

    @Test("golden renders", arguments: [40, 80, 120])
    func goldens(width: Int) throws {
        for (name, style, mode) in [
            ("plain", BorderStyle.rounded, ColorMode.none), ("truecolor", .filled, .trueColor),
            ("256", .rounded, .palette256),
        ] {
            let lines = ReferenceConversation.renderer(style: style, colorMode: mode).render(Self.items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "formatting-\(width)-\(name)")
        }
    }

    @Test("rows keep one width, measured on what is shown", arguments: [20, 33, 40, 57, 80, 120])
    func widths(width: Int) {
        for mode in [ColorMode.none, .palette256] {
            let renderer = ReferenceConversation.renderer(colorMode: mode)
            for item in Self.items {
                guard case .message(let message, let position, _) = item else { continue }
                let lines = renderer.renderMessage(message, position: position, width: width).map { SGR.strip($0) }
                #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1, "\(lines)")
            }
        }
    }

    @Test func markersAreHiddenOnlyWithColour() {
        let message = Message(id: 7, conversationID: 1, sender: .them, text: "a *b* c", sentAt: ReferenceDay.now)
        let plain = ReferenceConversation.renderer().renderMessage(message, position: .single, width: 40)
        #expect(plain[1] == " │ a *b* c │")
        let coloured = ReferenceConversation.renderer(colorMode: .palette256).renderMessage(
            message, position: .single, width: 40)
        #expect(coloured[1].contains("a \u{1B}[1mb\u{1B}[22m c"))
        #expect(SGR.strip(coloured[1]) == " │ a b c │")
    }

    @Test func linksAreOSC8WithAnIDAndClosedBeforeTheEdge() {
        let message = Message(
            id: 9, conversationID: 1, sender: .me, text: "see https://a.example/x", sentAt: ReferenceDay.now)
        let lines = ReferenceConversation.renderer(colorMode: .trueColor).renderMessage(
            message, position: .single, width: 60)
        let row = lines[1]
        // The link role (underline by default), then the bubble's body colours again.
        #expect(
            row.contains(
                "\u{1B}]8;id=m9-0;https://a.example/x\u{1B}\\\u{1B}[4mhttps://a.example/x\u{1B}[0m"
                    + "\u{1B}[48;2;212;46;91m\u{1B}[38;2;255;255;255m\u{1B}]8;;\u{1B}\\"))
        let afterLink = row.components(separatedBy: "\u{1B}]8;;\u{1B}\\").last ?? ""
        #expect(!afterLink.contains("\u{1B}]8;"), "the link is closed before the bubble's edge")
    }

    @Test func aWrappedLinkKeepsItsIDOnEveryRow() {
        let url = "https://example.com/" + String(repeating: "abcdefghij", count: 8)
        let message = Message(id: 3, conversationID: 1, sender: .them, text: url, sentAt: ReferenceDay.now)
        let lines = ReferenceConversation.renderer(colorMode: .palette256).renderMessage(
            message, position: .single, width: 40)
        let linked = lines.filter { $0.contains("\u{1B}]8;id=m3-0;" + url + "\u{1B}\\") }
        #expect(linked.count == lines.count - 2, "every text row opens the same link")
    }
}
