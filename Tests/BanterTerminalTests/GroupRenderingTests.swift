import BanterCore
import BanterTestSupport
import BanterTheme
import Testing

@testable import BanterTerminal

/// Group chats drawn as chat apps draw them: names above clusters, avatars beside their last
/// bubble, in every bubble style; two-party conversations unchanged.
@Suite("Group rendering")
struct GroupRenderingTests {
    static func renderer(style: BorderStyle, colorMode: ColorMode) -> TranscriptRenderer {
        var renderer = ReferenceConversation.renderer(style: style, colorMode: colorMode)
        renderer.participants = GroupConversation.participants
        return renderer
    }

    @Test("golden renders", arguments: [40, 80])
    func goldens(width: Int) throws {
        for (name, style, mode) in MessageKindsRenderingTests.variants {
            let lines = Self.renderer(style: style, colorMode: mode).render(GroupConversation.items, width: width)
            try GoldenFolder.transcripts.check(lines: lines, named: "group-\(width)-\(name)")
        }
    }

    @Test("every row fits the terminal", arguments: [20, 33, 40, 57, 80, 120])
    func rowsFit(width: Int) {
        for (_, style, mode) in MessageKindsRenderingTests.variants {
            for line in Self.renderer(style: style, colorMode: mode).render(GroupConversation.items, width: width) {
                #expect(DisplayWidth.of(SGR.strip(line)) <= width - 1, "\(line) at \(width)")
            }
        }
    }

    @Test func twoPartyConversationsLookAsBefore() {
        for (_, style, mode) in MessageKindsRenderingTests.variants {
            let before = ReferenceConversation.renderer(style: style, colorMode: mode)
            let after = Self.renderer(style: style, colorMode: mode)
            #expect(
                after.render(ReferenceConversation.items, width: 80)
                    == before.render(ReferenceConversation.items, width: 80))
            #expect(
                after.render(KindsConversation.items, width: 40) == before.render(KindsConversation.items, width: 40))
        }
    }

    @Test func theNameShowsAboveTheFirstBubbleAndTheInitialBesideTheLast() {
        let lines = Self.renderer(style: .rounded, colorMode: .none).render(GroupConversation.items, width: 60)
        #expect(lines.filter { $0 == "    Quizzy" }.count == 2, "once per cluster: \(lines)")
        #expect(lines.contains { $0.hasPrefix("Q  ╱╰") })
        #expect(lines.contains { $0.hasPrefix("美 ╱╰") }, "a two-column initial fills the avatar column")
        #expect(lines.contains { $0.hasPrefix("Z  ╱╰") }, "a name the group has no record of uses its first letter")
        let clusterTop = try! #require(lines.firstIndex(of: "    Quizzy"))
        #expect(lines[clusterTop + 3].hasPrefix("    ╰"), "the first bubble of the cluster has no avatar")
    }

    @Test func namesAndInitialsAreSanitised() {
        var renderer = Self.renderer(style: .rounded, colorMode: .trueColor)
        renderer.participants = [Participant(name: "Eve\u{1B}]0;pwned\u{07}", initial: "\u{1B}", kind: .person)]
        let message = Message(
            id: 1, conversationID: 1, sender: Sender(.them, participant: "Eve\u{1B}]0;pwned\u{07}"), text: "hi",
            sentAt: ReferenceDay.now)
        for line in renderer.renderMessage(message, position: .single, width: 40) {
            #expect(!SGR.strip(line).unicodeScalars.contains { $0.value < 0x20 }, "\(line)")
        }
    }

    @Test func theParticipantPaletteColoursNamesInTheOrderTheyJoined() {
        let renderer = Self.renderer(style: .rounded, colorMode: .trueColor)
        let lines = renderer.render(GroupConversation.items, width: 80)
        let bob = try! #require(lines.first { SGR.strip($0) == "    Bob" })
        let third = Palette.defaultParticipantColors[2].rgb
        #expect(bob.contains("38;2;\(third.red);\(third.green);\(third.blue)m"), "\(bob)")
        let host = try! #require(lines.first { SGR.strip($0) == "    Host" })
        #expect(host.contains("38;2;255;136;0m"), "a declared colour wins: \(host)")
    }
}
