import BanterCore
import BanterTestSupport
import BanterTheme
import Testing

@testable import BanterTerminal

@Suite("Transcript goldens")
struct TranscriptGoldenTests {
    @Test("reference conversation", arguments: [40, 80, 120])
    func reference(width: Int) throws {
        let variants: [(String, BorderStyle, ColorMode)] = [
            ("rounded-plain", .rounded, .none),
            ("ascii-plain", .ascii, .none),
            ("rounded-truecolor", .rounded, .trueColor),
            ("ascii-256", .ascii, .palette256),
            ("filled-truecolor", .filled, .trueColor),
            ("filled-256", .filled, .palette256),
        ]
        for (name, style, mode) in variants {
            let lines = ReferenceConversation.renderer(style: style, colorMode: mode)
                .render(ReferenceConversation.items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "reference-\(width)-\(name)")
        }
    }

    /// Filled bubbles in whole cells, as xterm, st and unknown terminals get them (the goldens
    /// above are the half blocks kitty draws): a blank row above each bubble, the text rows on
    /// the fill, the tail as the last row one column wider; no block glyph at all.
    @Test("reference conversation in whole cells", arguments: [40, 80])
    func wholeCells(width: Int) throws {
        for (name, mode) in [("truecolor", ColorMode.trueColor), ("256", .palette256)] {
            let lines = ReferenceConversation.renderer(style: .filled, colorMode: mode, fillShapes: .wholeCells)
                .render(ReferenceConversation.items, width: width)
            #expect(!lines.joined().contains { ("\u{2580}"..."\u{259F}").contains($0) })
            try GoldenFolder.transcripts.check(lines: lines, named: "reference-\(width)-filled-cells-\(name)")
        }
    }

    /// The choice is an input: only filled bubbles change with it.
    @Test func onlyFilledBubblesDependOnTheShapes() {
        for style in [BorderStyle.rounded, .ascii] {
            let blocks = ReferenceConversation.renderer(style: style, colorMode: .trueColor, fillShapes: .halfBlocks)
            let cells = ReferenceConversation.renderer(style: style, colorMode: .trueColor, fillShapes: .wholeCells)
            #expect(
                blocks.render(ReferenceConversation.items, width: 60)
                    == cells.render(ReferenceConversation.items, width: 60))
        }
        let blocks = ReferenceConversation.renderer(style: .filled, colorMode: .trueColor, fillShapes: .halfBlocks)
        let cells = ReferenceConversation.renderer(style: .filled, colorMode: .trueColor, fillShapes: .wholeCells)
        #expect(
            blocks.render(ReferenceConversation.items, width: 60)
                != cells.render(ReferenceConversation.items, width: 60))
    }

    /// Without colour a filled bubble cannot show: it is drawn as the rounded outline.
    @Test func filledWithoutColourIsRounded() {
        let filled = ReferenceConversation.renderer(style: .filled, colorMode: .none).render(
            ReferenceConversation.items, width: 60)
        let rounded = ReferenceConversation.renderer(style: .rounded, colorMode: .none).render(
            ReferenceConversation.items, width: 60)
        #expect(filled == rounded)
        #expect(BorderStyle.resolved(nil, colorMode: .none) == .rounded)
        #expect(BorderStyle.resolved(nil, colorMode: .palette256) == .filled)
        #expect(BorderStyle.resolved(.ascii, colorMode: .trueColor) == .ascii)
    }

    @Test("legacy width model, filled", arguments: [60])
    func legacyFilled(width: Int) throws {
        let lines = ReferenceConversation.renderer(style: .filled, colorMode: .trueColor, model: .legacy)
            .render(ReferenceConversation.items, width: width)
        try GoldenFolder.transcripts.check(lines: lines, named: "reference-\(width)-legacy-filled-truecolor")
    }

    @Test("legacy width model", arguments: [60])
    func legacy(width: Int) throws {
        let lines = ReferenceConversation.renderer(model: .legacy).render(ReferenceConversation.items, width: width)
        try GoldenFolder.transcripts.check(lines: lines, named: "reference-\(width)-legacy")
    }
}
