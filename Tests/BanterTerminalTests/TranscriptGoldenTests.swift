import BanterCore
import BanterTerminal
import BanterTestSupport
import Testing

@Suite("Transcript goldens")
struct TranscriptGoldenTests {
    @Test("reference conversation", arguments: [40, 80, 120])
    func reference(width: Int) throws {
        let variants: [(String, BorderStyle, ColorMode)] = [
            ("rounded-plain", .rounded, .none),
            ("ascii-plain", .ascii, .none),
            ("rounded-truecolor", .rounded, .trueColor),
            ("ascii-256", .ascii, .palette256),
        ]
        for (name, style, mode) in variants {
            let lines = ReferenceConversation.renderer(style: style, colorMode: mode)
                .render(ReferenceConversation.items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "reference-\(width)-\(name)")
        }
    }

    @Test("legacy width model", arguments: [60])
    func legacy(width: Int) throws {
        let lines = ReferenceConversation.renderer(model: .legacy).render(ReferenceConversation.items, width: width)
        try GoldenFolder.transcripts.check(lines: lines, named: "reference-\(width)-legacy")
    }
}
