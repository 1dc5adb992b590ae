import BanterCore
import Testing

@testable import BanterTerminal

@Suite struct TranscriptStreamTests {
    /// Streams `messages` and returns the layout the stream decided, in `Layout`'s terms.
    private func streamed(_ messages: [Message], rules: GroupingRules) -> [LayoutItem] {
        var stream = TranscriptStream()
        var items: [LayoutItem] = []
        var positions: [ClusterPosition] = []
        var spacings: [Spacing] = []
        var headers: [Int: Timestamp] = [:]
        for (index, message) in messages.enumerated() {
            let step = stream.append(message, rules: rules)
            if let previous = step.previousPosition { positions[index - 1] = previous }
            if step.startsSection { headers[index] = message.sentAt }
            positions.append(step.position)
            spacings.append(step.continuesCluster || step.startsSection ? .none : .blankLine)
        }
        for (index, message) in messages.enumerated() {
            if let header = headers[index] { items.append(.sectionHeader(header)) }
            items.append(.message(message, position: positions[index], spacingBefore: spacings[index]))
        }
        return items
    }

    @Test func streamingMakesTheSameDecisionsAsTheFullLayout() {
        var generator = SystemRandomNumberGenerator()
        let rules = GroupingRules(sectionGap: .seconds(60), clusterGap: .seconds(20))
        for _ in 0..<200 {
            var time: Int64 = 1_000_000
            var messages: [Message] = []
            for id in 0..<Int64.random(in: 1...12, using: &generator) {
                time += [0, 1000, 20_000, 20_001, 60_000, 60_001].randomElement(using: &generator)!
                let sender: Sender = [.me, .them, .system].randomElement(using: &generator)!
                messages.append(
                    Message(
                        id: id, conversationID: 1, sender: sender, text: "m\(id)",
                        sentAt: Timestamp(millisecondsSince1970: time)))
            }
            #expect(LayoutItems(streamed(messages, rules: rules)) == Layout.items(for: messages, rules: rules))
        }
    }

    @Test func refusesMessagesThatSortEarlier() {
        var stream = TranscriptStream()
        let late = Message(
            id: 2, conversationID: 1, sender: .me, text: "b", sentAt: Timestamp(millisecondsSince1970: 10))
        let early = Message(
            id: 1, conversationID: 1, sender: .me, text: "a", sentAt: Timestamp(millisecondsSince1970: 5))
        _ = stream.append(late, rules: GroupingRules())
        #expect(!stream.accepts(early))
        #expect(stream.lastPosition == .single)
    }
}
