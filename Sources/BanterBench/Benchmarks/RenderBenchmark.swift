import BanterCore
import BanterTerminal

/// Rendering 100 000 laid-out messages at width 80 into a reused buffer, plain and in true
/// colour, against appending one unwrapped line per message (the cost of producing lines
/// at all).
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

        return [ColorMode.none, .trueColor].map { mode in
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
    }

    private static func appendPlainLines(_ items: LayoutItems, into buffer: inout [String]) {
        for item in items {
            if case .message(let message, _, _) = item {
                buffer.append("│ " + message.text + " │")
            }
        }
    }
}
