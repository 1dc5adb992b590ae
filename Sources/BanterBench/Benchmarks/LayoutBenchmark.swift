import BanterCore

/// Grouping a million messages into sections and clusters, against a bare pass that only
/// compares each message's time and sender with the one before (the work's floor); then the
/// same conversation as a group of five (you and four others named by participant), against
/// the two-party layout.
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
        let group = Self.asGroup(messages)
        let groupLayout = Samples.collect(count: 5) {
            Stopwatch.seconds { blackHole(Layout.items(for: group, rules: rules)) }
        }
        return [
            Figure(
                name: "layout (grouping), 1 000 000 messages",
                value: Double(count) / layout.median, unit: .messagesPerSecond,
                target: Target(value: .atLeast(5_000_000)),
                baseline: Baseline(name: "bare pass over times and senders", value: Double(count) / bare.median)),
            Figure(
                name: "layout (grouping), 1 000 000 messages, a group of 5",
                value: Double(count) / groupLayout.median, unit: .messagesPerSecond,
                target: Target(value: .atLeast(5_000_000)),
                baseline: Baseline(name: "the same messages two-party", value: Double(count) / layout.median)),
        ]
    }

    /// The four people of a group besides you, in turn.
    static let groupNames = ["Host", "Quizzy", "Bob", "Ann"]

    /// `messages` with every received one sent by one of four named participants, in turn by
    /// id: a conversation of five whose clusters break on sender changes too.
    static func asGroup(_ messages: [Message]) -> [Message] {
        messages.map { message in
            guard message.role == .them else { return message }
            var named = message
            named.sender = Sender(.them, participant: groupNames[Int(message.id / 3) % groupNames.count])
            return named
        }
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
