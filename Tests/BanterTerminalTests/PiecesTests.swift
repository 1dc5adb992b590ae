import BanterCore
import BanterTestSupport
import Testing

@testable import BanterTerminal

@Suite("Single pieces")
struct PiecesTests {
    @Test func typingIndicatorFramesKeepTheirWidth() {
        let renderer = ReferenceConversation.renderer()
        let frames = (0..<4).map { renderer.typingIndicator(frame: $0, width: 40) }
        #expect(frames[0] == " Alisha is typing   ")
        #expect(frames[3] == " Alisha is typing...")
        #expect(Set(frames.map { DisplayWidth.of($0) }).count == 1)
        #expect(renderer.typingIndicator(frame: 4, width: 40) == frames[0])
    }

    @Test func longNamesAreShortened() {
        let renderer = TranscriptRenderer(
            now: ReferenceDay.now, participant: Participant(name: String(repeating: "N", count: 100)))
        let line = renderer.typingIndicator(frame: 1, width: 30)
        #expect(DisplayWidth.of(line) <= 29)
        #expect(line.contains("… is typing."))
    }

    @Test func beginningAndSystemLinesAreCentred() {
        let renderer = ReferenceConversation.renderer()
        #expect(renderer.beginningOfConversation(width: 41) == "     — beginning of conversation —")
        #expect(renderer.systemLine("hello", width: 21) == ["       hello"])
        let coloured = ReferenceConversation.renderer(colorMode: .trueColor)
        #expect(coloured.systemLine("hello", width: 21) == ["       \u{1B}[2mhello\u{1B}[0m"])
    }

    @Test func searchHitsHighlightTerms() throws {
        let text = "we went hiking, hiking again"
        let message = Message(id: 1, conversationID: 1, sender: .them, text: text, sentAt: ReferenceDay.now)
        let ranges = [text.ranges(of: "hiking")].flatMap { $0 }
        let plain = ReferenceConversation.renderer().searchHit(message, highlighting: ranges, width: 80)
        #expect(plain == "Today 20:00  Alisha: we went *hiking*, *hiking* again")
        let coloured = ReferenceConversation.renderer(colorMode: .trueColor).searchHit(
            message, highlighting: ranges, width: 80)
        #expect(SGR.strip(coloured) == "Today 20:00  Alisha: we went hiking, hiking again")
        #expect(coloured.contains("\u{1B}[48;2;255;214;10m\u{1B}[38;2;28;28;30mhiking\u{1B}[0m"))
        let short = ReferenceConversation.renderer().searchHit(message, highlighting: ranges, width: 36)
        #expect(short == "Today 20:00  Alisha: we went *hik*…")
        #expect(DisplayWidth.of(short) <= 35)
    }
}
