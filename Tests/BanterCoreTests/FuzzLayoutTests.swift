import BanterCore
import BanterTestSupport
import Testing

/// Random conversations through `Layout`, checked against the grouping rules stated
/// plainly: a fixed seed and a fixed number of iterations, so a failure repeats exactly.
@Suite("Fuzz: layout")
struct FuzzLayoutTests {
    @Test func layoutFollowsTheRulesForRandomConversations() {
        var random = SeededGenerator(seed: 0x1A70_0717)
        for iteration in 0..<3000 {
            let rules = GroupingRules(
                sectionGap: .milliseconds(Int64.random(in: 0...7_200_000, using: &random)),
                clusterGap: .milliseconds(Int64.random(in: 0...60_000, using: &random)))
            let messages = Self.conversation(&random, rules: rules)
            let items = Layout.items(for: messages, rules: rules)
            let context = "iteration \(iteration), rules \(rules)"

            let laidOut = items.compactMap { item -> Message? in
                if case .message(let message, _, _) = item { return message }
                return nil
            }
            #expect(laidOut.count == messages.count, "\(context): message count")
            #expect(Set(laidOut.map(\.id)) == Set(messages.map(\.id)), "\(context): every message exactly once")
            #expect(laidOut == messages.sorted(by: Message.chronological), "\(context): time order with id tie-break")
            guard !messages.isEmpty else {
                #expect(items.isEmpty)
                continue
            }
            if case .sectionHeader = items.first {} else { Issue.record("\(context): no header first") }

            let sectionGap = rules.sectionGap.wholeMilliseconds
            let clusterGap = rules.clusterGap.wholeMilliseconds
            var previous: Message?
            var pendingHeader: Timestamp?
            var messageIndex = 0
            for item in items {
                switch item {
                case .sectionHeader(let time):
                    #expect(pendingHeader == nil, "\(context): two headers in a row")
                    pendingHeader = time
                case .message(let message, let position, let spacing):
                    let gap = previous.map { message.sentAt.millisecondsSince1970 - $0.sentAt.millisecondsSince1970 }
                    let startsSection = gap.map { $0 > sectionGap } ?? true
                    #expect((pendingHeader != nil) == startsSection, "\(context): header before message \(message.id)")
                    if let pendingHeader { #expect(pendingHeader == message.sentAt, "\(context): header time") }
                    let continues = !startsSection && previous!.sender == message.sender && gap! <= clusterGap
                    let next = messageIndex + 1 < laidOut.count ? laidOut[messageIndex + 1] : nil
                    let continuedByNext =
                        next.map { next in
                            let nextGap = next.sentAt.millisecondsSince1970 - message.sentAt.millisecondsSince1970
                            return nextGap <= sectionGap && next.sender == message.sender && nextGap <= clusterGap
                        } ?? false
                    let expected: ClusterPosition =
                        switch (continues, continuedByNext) {
                        case (false, false): .single
                        case (false, true): .first
                        case (true, true): .middle
                        case (true, false): .last
                        }
                    #expect(position == expected, "\(context): position of \(message.id)")
                    #expect(
                        spacing == ((startsSection || continues) ? .none : .blankLine),
                        "\(context): spacing of \(message.id)")
                    pendingHeader = nil
                    previous = message
                    messageIndex += 1
                }
            }
        }
    }

    /// Up to 60 messages with gaps around both thresholds (and equal times, to exercise the
    /// id tie-break), shuffled.
    static func conversation(_ random: inout SeededGenerator, rules: GroupingRules) -> [Message] {
        let section = rules.sectionGap.wholeMilliseconds, cluster = rules.clusterGap.wholeMilliseconds
        let gaps: [Int64] = [0, 1, cluster - 1, cluster, cluster + 1, section - 1, section, section + 1, 86_400_000]
        var time: Int64 = 1_795_132_800_000
        var messages: [Message] = []
        let count = Int.random(in: 0...60, using: &random)
        for _ in 0..<count {
            time += max(gaps.randomElement(using: &random)!, 0)
            let sender: Sender = [.me, .them, .system].randomElement(using: &random)!
            messages.append(
                Message(
                    id: Int64.random(in: 1...1_000_000_000, using: &random), conversationID: 1, sender: sender,
                    text: "m", sentAt: Timestamp(millisecondsSince1970: time)))
        }
        var unique: [Int64: Message] = [:]
        for message in messages { unique[message.id] = message }
        return Array(unique.values).shuffled(using: &random)
    }
}
