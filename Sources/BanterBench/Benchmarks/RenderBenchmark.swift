import BanterCore
import BanterTerminal

/// Rendering 100 000 laid-out messages at width 80 into a reused buffer, plain and in true
/// colour, against appending one unwrapped line per message (the cost of producing lines
/// at all); then the same conversation as a group of five (names and avatars), against the
/// two-party render.
struct RenderBenchmark: Benchmark {
    let name = "render"
    let count = 100_000
    let width = 80

    func run(in context: BenchContext) throws -> [Figure] {
        let messages = context.corpus.messages(count: count)
        let items = Layout.items(for: messages, rules: GroupingRules())
        let now = messages[messages.count - 1].sentAt + .seconds(86_400)
        var buffer: [String] = []
        buffer.reserveCapacity(count * 6)

        let floor = Samples.collect(count: 5) {
            buffer.removeAll(keepingCapacity: true)
            return Stopwatch.seconds { Self.appendPlainLines(items, into: &buffer) }
        }
        let floorLinesPerSecond = Double(buffer.count) / floor.median
        let baseline = Baseline(name: "one unwrapped line per message", value: floorLinesPerSecond)

        var figures = [ColorMode.none, .trueColor].map { mode in
            let renderer = TranscriptRenderer(
                theme: Theme(colorMode: mode), now: now, participant: Participant(name: "Alisha"))
            let samples = Samples.collect(count: 5) {
                buffer.removeAll(keepingCapacity: true)
                return Stopwatch.seconds { renderer.render(items, width: width, into: &buffer) }
            }
            let label = mode == .none ? "plain" : "true colour"
            return Figure(
                name: "rendering, 100 000 messages at width 80 (\(label))",
                value: Double(buffer.count) / samples.median, unit: .linesPerSecond,
                target: Target(value: .atLeast(1_000_000)), baseline: baseline)
        }
        figures.append(group(messages, now: now, twoParty: figures[0].value, buffer: &buffer))
        return figures
    }

    /// The plain render of the same messages as a group of five.
    private func group(_ messages: [Message], now: Timestamp, twoParty: Double, buffer: inout [String]) -> Figure {
        let items = Layout.items(for: LayoutBenchmark.asGroup(messages), rules: GroupingRules())
        var renderer = TranscriptRenderer(
            theme: Theme(colorMode: .none), now: now, participant: Participant(name: "Host"))
        renderer.participants = LayoutBenchmark.groupNames.map { Participant(name: $0) }
        let samples = Samples.collect(count: 5) {
            buffer.removeAll(keepingCapacity: true)
            return Stopwatch.seconds { renderer.render(items, width: width, into: &buffer) }
        }
        return Figure(
            name: "rendering, 100 000 messages at width 80 (plain), a group of 5",
            value: Double(buffer.count) / samples.median, unit: .linesPerSecond,
            target: Target(value: .atLeast(1_000_000)),
            baseline: Baseline(name: "the same messages two-party", value: twoParty))
    }

    private static func appendPlainLines(_ items: LayoutItems, into buffer: inout [String]) {
        for item in items {
            if case .message(let message, _, _) = item {
                buffer.append("│ " + message.text + " │")
            }
        }
    }
}
