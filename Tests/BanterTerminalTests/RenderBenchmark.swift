import BanterCore
import BanterTerminal
import Foundation
import Testing

/// Throughput of the renderer, run on demand only (BANTER_BENCH=1, ideally with
/// `-c release`): it prints lines per second and asserts nothing about time.
@Suite("Render benchmark", .enabled(if: ProcessInfo.processInfo.environment["BANTER_BENCH"] == "1"))
struct RenderBenchmark {
    @Test func hundredThousandMessagesAtEighty() {
        let texts = [
            "Hey! How was your weekend?", "ok", "Great, went hiking with friends up the mountain. The view was incredible!",
            "Sure, see you at 8", "Café tonight? 😀", "👍🏽", "What about next Saturday, around noon, at the usual place?",
        ]
        var messages: [Message] = []
        messages.reserveCapacity(100_000)
        for index in 0..<100_000 {
            messages.append(Message(
                id: Int64(index), conversationID: 1, sender: index % 3 == 0 ? .me : .them,
                text: texts[index % texts.count],
                sentAt: Timestamp(millisecondsSince1970: Int64(index) * 15_000 + (index % 50 == 0 ? 4_000_000 : 0))
            ))
        }
        let items = Layout.items(for: messages, rules: GroupingRules())
        for mode in [ColorMode.none, .trueColor] {
            let renderer = TranscriptRenderer(theme: Theme(colorMode: mode), now: Timestamp(millisecondsSince1970: 0), participant: Participant(name: "Alisha"))
            var buffer: [String] = []
            buffer.reserveCapacity(600_000)
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                renderer.render(items, width: 80, into: &buffer)
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print("render benchmark (\(mode)): \(buffer.count) lines in \(seconds) s = \(Int(Double(buffer.count) / seconds)) lines/s")
            #expect(buffer.count > 300_000)
        }
    }
}
