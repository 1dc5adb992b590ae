import BanterCore
import Foundation
import Testing

@testable import BanterTerminal

/// Random text strewn with formatting markers and URLs through `InlineMarkup` and the
/// coloured renderer, with a fixed seed: the markers only ever hide, the bubble's rows keep
/// one width, and no control character from the content reaches the terminal.
@Suite("Fuzz: light formatting and links")
struct FuzzMarkupTests {
    static let markup = [
        "*", "_", "`", " ", "https://", "http://a.example/", "www.", "(", ")", ".", ",", "\n", "*️⃣", "x",
    ]

    private func text(_ random: inout FuzzInput) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...24, using: &random) {
            text +=
                Bool.random(using: &random)
                ? Self.markup.randomElement(using: &random)!
                : random.text(maximumPieces: 2)
        }
        return text
    }

    @Test func markersOnlyHideAndRunsCoverTheText() {
        var random = FuzzInput(seed: 0x0DD_BA11)
        for iteration in 0..<3000 {
            let clean = Sanitizer.sanitize(text(&random), keepingNewlines: true)
            guard let markup = InlineMarkup.parse(clean) else { continue }
            // What is shown is the text with some marker characters taken out, in order.
            var shown = markup.visible.makeIterator()
            var next = shown.next()
            for character in clean where character == next { next = shown.next() }
            #expect(
                next == nil,
                "iteration \(iteration): \(markup.visible.debugDescription) is not a subsequence of \(clean.debugDescription)"
            )
            var end = 0
            for run in markup.runs {
                #expect(run.range.lowerBound == end, "iteration \(iteration): runs leave a gap")
                end = run.range.upperBound
                if let link = run.link { #expect(link.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }) }
            }
            #expect(end == markup.visible.utf8.count)
        }
    }

    @Test func bubblesStayEvenAndClean() {
        var random = FuzzInput(seed: 0xF0_4A77)
        let renderer = TranscriptRenderer(
            theme: Theme(colorMode: .trueColor), now: Timestamp(millisecondsSince1970: 0),
            participant: Participant(name: "A"))
        for iteration in 0..<1500 {
            let message = Message(
                id: Int64(iteration), conversationID: 1, sender: Bool.random(using: &random) ? .me : .them,
                text: text(&random), sentAt: Timestamp(millisecondsSince1970: 0))
            let width = Int.random(in: 20...100, using: &random)
            let lines = renderer.renderMessage(message, position: .single, width: width)
            let shown = lines.map { SGR.strip($0) }
            if lines.count > 1 {
                #expect(Set(shown.map { DisplayWidth.of($0) }).count == 1, "iteration \(iteration): \(shown)")
            }
            for line in shown {
                #expect(
                    !line.unicodeScalars.contains { FuzzRenderingTests.isForbidden($0, allowingNewline: false) },
                    "iteration \(iteration): \(line.debugDescription)")
            }
        }
    }
}
