import BanterCore
import BanterTestSupport
import BanterTheme
import Foundation
import Testing

@testable import BanterTerminal

@Suite("Message kinds rendering")
struct MessageKindsRenderingTests {
    static let variants: [(String, BorderStyle, ColorMode)] = [
        ("rounded-plain", .rounded, .none),
        ("ascii-plain", .ascii, .none),
        ("filled-truecolor", .filled, .trueColor),
        ("filled-256", .filled, .palette256),
        ("rounded-256", .rounded, .palette256),
    ]

    @Test("golden renders", arguments: [40, 80, 120])
    func goldens(width: Int) throws {
        for (name, style, mode) in Self.variants {
            let lines = ReferenceConversation.renderer(style: style, colorMode: mode).render(
                KindsConversation.items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "kinds-\(width)-\(name)")
        }
    }

    @Test("ids beside bubbles", arguments: [40, 80])
    func ids(width: Int) throws {
        var renderer = ReferenceConversation.renderer()
        renderer.showsMessageIDs = true
        try GoldenFolder.transcripts.check(
            lines: renderer.render(KindsConversation.items, width: width), named: "kinds-\(width)-ids")
    }

    @Test("inline pictures", arguments: [InlineImageProtocol.kitty, .iterm2])
    func inlinePictures(format: InlineImageProtocol) throws {
        var renderer = ReferenceConversation.renderer(style: .filled, colorMode: .trueColor)
        renderer.inlineImages = InlineImages(format: format, pictures: [1: [0x89, 0x50, 0x4E, 0x47], 8: [1, 2]])
        let lines = renderer.render(KindsConversation.items, width: 80)
        try GoldenFolder.transcripts.check(lines: lines, named: "kinds-80-images-\(format.rawValue)")
        // The picture is drawn once, over the rows it covers, and the rows keep their width.
        #expect(lines.joined().components(separatedBy: format == .kitty ? "\u{1B}_G" : "\u{1B}]1337;").count == 2)
    }

    @Test("rows keep one width in every bubble", arguments: [20, 33, 40, 57, 80, 120])
    func widths(width: Int) {
        for (_, style, mode) in Self.variants {
            var renderer = ReferenceConversation.renderer(style: style, colorMode: mode)
            renderer.inlineImages = InlineImages(format: .kitty, pictures: [1: [1, 2, 3]])
            for item in KindsConversation.items {
                guard case .message(let message, let position, _) = item else { continue }
                var lines = renderer.renderMessage(message, position: position, width: width).map { SGR.strip($0) }
                if !message.reactions.isEmpty { lines.removeLast() }
                if lines.count > 1 {
                    #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1, "\(message.id) at \(width): \(lines)")
                }
                for line in lines { #expect(DisplayWidth.of(line) <= width - 1, "\(line)") }
            }
        }
    }

    @Test func reactionsNeverWidenTheBubbleOrLeaveTheLine() {
        let many = ["👍", "❤️", "😂", "😮", "😢", "🙏", "🔥", "🎉", "👀", "💯", "✅", "🤔"]
        let message = Message(
            id: 1, conversationID: 1, sender: .them, text: "hi", sentAt: ReferenceDay.now,
            reactions: many.map { Reaction(emoji: $0, sender: .me, reactedAt: ReferenceDay.now) })
        for width in [20, 40, 80] {
            let lines = ReferenceConversation.renderer().renderMessage(message, position: .single, width: width)
            #expect(lines.count == 4)
            #expect(lines[1] == " │ hi │")
            #expect(DisplayWidth.of(lines[3]) <= width * 7 / 10, "\(lines[3])")
            if width < 80 { #expect(lines[3].contains("+"), "badges that do not fit are counted: \(lines[3])") }
        }
    }

    @Test func aDeletedMessageKeepsItsPlaceInTheCluster() {
        let deleted = KindsConversation.items.compactMap { item -> Message? in
            if case .message(let message, _, _) = item, message.isDeleted { return message }
            return nil
        }
        #expect(deleted.count == 1)
        let lines = ReferenceConversation.renderer().renderMessage(deleted[0], position: .first, width: 40)
        #expect(lines[1].contains("🚫 message deleted"))
    }

    @Test func untrustedAttachmentTextIsSanitised() {
        let renderer = ReferenceConversation.renderer(colorMode: .trueColor)
        let lines = renderer.render(KindsConversation.items, width: 80)
        let hostile = lines.filter { $0.contains("evil") || $0.contains("octet") }
        #expect(hostile.count == 2)
        for line in hostile {
            #expect(!SGR.strip(line).unicodeScalars.contains { $0.value < 0x20 || (0x80...0x9F).contains($0.value) })
        }
    }

    @Test func searchHitsNameTheFile() {
        let message = KindsConversation.messages[1]
        let hit = ReferenceConversation.renderer().searchHit(message, highlighting: [], width: 80)
        #expect(hit == "Today 18:00  Alisha: 📄 wine list.pdf")
    }
}
