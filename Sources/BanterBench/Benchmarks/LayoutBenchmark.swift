import BanterCore

/// Grouping a million messages into sections and clusters, against a bare pass that only
/// compares each message's time and sender with the one before (the work's floor).
struct LayoutBenchmark: Benchmark {
    let name = "layout"
    let count = 1_000_000

    func run(in context: BenchContext) throws -> [Figure] {
        let messages = context.corpus.messages(count: count)
        let rules = GroupingRules()
        let layout = Samples.collect(count: 5) {
            Stopwatch.seconds { blackHole(Layout.items(for: messages, rules: rules)) }
        }
        let bare = Samples.collect(count: 5) {
            Stopwatch.seconds { blackHole(Self.barePass(messages, rules: rules)) }
        }
        return [
            Figure(
                name: "layout (grouping), 1 000 000 messages",
                value: Double(count) / layout.median, unit: .messagesPerSecond,
                target: Target(value: .atLeast(5_000_000)),
                baseline: Baseline(name: "bare pass over times and senders", value: Double(count) / bare.median))
        ]
    }

    /// Counts sections and cluster breaks with the same comparisons as `Layout`, producing
    /// nothing: what grouping costs before any item is built.
    private static func barePass(_ messages: [Message], rules: GroupingRules) -> Int {
        let sectionGap = rules.sectionGap.wholeMilliseconds
        let clusterGap = rules.clusterGap.wholeMilliseconds
        var breaks = 0
        for index in messages.indices.dropFirst() {
            let gap = messages[index].sentAt.millisecondsSince1970 - messages[index - 1].sentAt.millisecondsSince1970
            if gap > sectionGap {
                breaks += 2
            } else if gap > clusterGap || messages[index].role != messages[index - 1].role
                || ((messages[index].namesParticipant || messages[index - 1].namesParticipant)
                    && messages[index].sender != messages[index - 1].sender)
            {
                breaks += 1
            }
        }
        return breaks
    }
}
