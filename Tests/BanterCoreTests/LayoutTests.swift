import BanterTestSupport
import Foundation
import Testing

@testable import BanterCore

/// A message at `seconds` (or `milliseconds`) after the epoch; ids default to the order written.
private func message(_ id: Int64, _ sender: Sender, seconds: Int64) -> Message {
    message(id, sender, milliseconds: seconds * 1000)
}

private func message(_ id: Int64, _ sender: Sender, milliseconds: Int64) -> Message {
    Message(
        id: id, conversationID: 1, sender: sender, text: "message \(id)",
        sentAt: Timestamp(millisecondsSince1970: milliseconds)
    )
}

/// The layout as lines a person can read in a failure message: "# <ms>" for a header, "" for
/// a blank line, "<id> <position>" for a message.
private func sketch(_ items: LayoutItems) -> [String] {
    var lines: [String] = []
    for item in items {
        switch item {
        case .sectionHeader(let time):
            lines.append("# \(time.millisecondsSince1970)")
        case .message(let message, let position, let spacing):
            if spacing == .blankLine { lines.append("") }
            lines.append("\(message.id) \(position)")
        }
    }
    return lines
}

private func layout(_ messages: [Message], rules: GroupingRules = GroupingRules()) -> [String] {
    sketch(Layout.items(for: messages, rules: rules))
}

@Suite("Layout")
struct LayoutTests {
    @Test func emptyInputHasNoItems() {
        #expect(Layout.items(for: [], rules: GroupingRules()).isEmpty)
    }

    @Test func firstMessageAlwaysOpensASection() {
        #expect(layout([message(1, .them, seconds: 500)]) == ["# 500000", "1 single"])
    }

    @Test func singleMessageHasTail() throws {
        let items = Layout.items(for: [message(1, .me, seconds: 0)], rules: GroupingRules())
        guard case .message(_, let position, let spacing) = try #require(items.last) else {
            Issue.record("expected a message last")
            return
        }
        #expect(position == .single && position.hasTail)
        #expect(spacing == .none)
    }

    @Test(arguments: [(Int64(19), true), (20, true), (21, false)])
    func clusterGapIsInclusive(seconds: Int64, clusters: Bool) {
        let lines = layout([message(1, .me, seconds: 0), message(2, .me, seconds: seconds)])
        if clusters {
            #expect(lines == ["# 0", "1 first", "2 last"])
        } else {
            #expect(lines == ["# 0", "1 single", "", "2 single"])
        }
    }

    @Test func clusterBoundaryIsExactToTheMillisecond() {
        #expect(
            layout([message(1, .them, milliseconds: 0), message(2, .them, milliseconds: 20_000)])
                == ["# 0", "1 first", "2 last"])
        #expect(
            layout([message(1, .them, milliseconds: 0), message(2, .them, milliseconds: 20_001)])
                == ["# 0", "1 single", "", "2 single"])
    }

    @Test(arguments: [(Int64(3599), false), (3600, false), (3601, true)])
    func sectionGapIsStrictlyGreater(seconds: Int64, newSection: Bool) {
        let lines = layout([message(1, .me, seconds: 0), message(2, .me, seconds: seconds)])
        if newSection {
            #expect(lines == ["# 0", "1 single", "# \(seconds * 1000)", "2 single"])
        } else {
            #expect(lines == ["# 0", "1 single", "", "2 single"])
        }
    }

    @Test func sectionBoundaryIsExactToTheMillisecond() {
        #expect(
            layout([message(1, .me, milliseconds: 0), message(2, .me, milliseconds: 3_600_000)])
                == ["# 0", "1 single", "", "2 single"])
        #expect(
            layout([message(1, .me, milliseconds: 0), message(2, .me, milliseconds: 3_600_001)])
                == ["# 0", "1 single", "# 3600001", "2 single"])
    }

    @Test func senderChangeWithinClusterGapStartsANewCluster() {
        let lines = layout([
            message(1, .me, seconds: 0), message(2, .them, seconds: 5), message(3, .me, seconds: 10),
        ])
        #expect(lines == ["# 0", "1 single", "", "2 single", "", "3 single"])
    }

    @Test func burstChainsPastTheClusterGapFromItsFirstMessage() {
        // Each message is 15 s after the previous one; the last is 60 s after the first.
        let lines = layout((0..<5).map { message(Int64($0 + 1), .them, seconds: Int64($0) * 15) })
        #expect(lines == ["# 0", "1 first", "2 middle", "3 middle", "4 middle", "5 last"])
    }

    @Test func positionsAndSpacingAcrossClustersAndSections() {
        let lines = layout([
            message(1, .them, seconds: 0),
            message(2, .them, seconds: 10),
            message(3, .them, seconds: 20),
            message(4, .me, seconds: 25),
            message(5, .me, seconds: 60),
            message(6, .me, seconds: 70),
            message(7, .me, seconds: 70 + 3601),
            message(8, .me, seconds: 70 + 3610),
        ])
        #expect(
            lines == [
                "# 0", "1 first", "2 middle", "3 last",
                "", "4 single",
                "", "5 first", "6 last",
                "# 3671000", "7 first", "8 last",
            ])
    }

    @Test func onlySingleAndLastCarryTheTail() {
        #expect(ClusterPosition.single.hasTail)
        #expect(ClusterPosition.last.hasTail)
        #expect(!ClusterPosition.first.hasTail)
        #expect(!ClusterPosition.middle.hasTail)
    }

    @Test func headerCarriesTheSectionsFirstMessageTime() {
        let items = Layout.items(
            for: [message(1, .me, milliseconds: 1234), message(2, .them, milliseconds: 1234 + 7_200_000)],
            rules: GroupingRules()
        )
        let headers = items.compactMap { item -> Timestamp? in
            if case .sectionHeader(let time) = item { return time }
            return nil
        }
        #expect(headers == [Timestamp(millisecondsSince1970: 1234), Timestamp(millisecondsSince1970: 7_201_234)])
    }

    @Test func systemMessagesBreakClustersAndClusterWithEachOther() {
        let lines = layout([
            message(1, .me, seconds: 0),
            message(2, .system, seconds: 1),
            message(3, .system, seconds: 2),
            message(4, .me, seconds: 3),
        ])
        #expect(lines == ["# 0", "1 single", "", "2 first", "3 last", "", "4 single"])
    }

    @Test func customThresholds() {
        let rules = GroupingRules(sectionGap: .seconds(10), clusterGap: .seconds(2))
        let lines = layout(
            [
                message(1, .me, seconds: 0),
                message(2, .me, seconds: 2),
                message(3, .me, seconds: 5),
                message(4, .me, seconds: 15),
                message(5, .me, seconds: 26),
            ], rules: rules)
        #expect(lines == ["# 0", "1 first", "2 last", "", "3 single", "", "4 single", "# 26000", "5 single"])
    }

    @Test func newSectionAlwaysStartsANewClusterEvenWhenTheClusterGapIsLarger() {
        let rules = GroupingRules(sectionGap: .seconds(60), clusterGap: .seconds(600))
        let lines = layout(
            [
                message(1, .them, seconds: 0),
                message(2, .them, seconds: 60),
                message(3, .them, seconds: 121),
                message(4, .them, seconds: 130),
            ], rules: rules)
        #expect(lines == ["# 0", "1 first", "2 last", "# 121000", "3 first", "4 last"])
    }

    @Test func zeroClusterGapClustersOnlySimultaneousMessages() {
        let rules = GroupingRules(clusterGap: .zero)
        let lines = layout(
            [
                message(1, .me, milliseconds: 0), message(2, .me, milliseconds: 0), message(3, .me, milliseconds: 1),
            ], rules: rules)
        #expect(lines == ["# 0", "1 first", "2 last", "", "3 single"])
    }

    @Test func outOfOrderInputIsLaidOutInTimeOrderWithIdTieBreak() {
        let messages = [
            message(9, .me, seconds: 30),
            message(5, .them, seconds: 0),
            message(3, .them, seconds: 0),
            message(7, .them, seconds: 10),
        ]
        #expect(layout(messages) == ["# 0", "3 first", "5 middle", "7 last", "", "9 single"])
    }

    @Test func layoutDoesNotDependOnInputOrder() {
        let messages: [Message] = (0..<12).map { (index: Int) -> Message in
            let sender: Sender = index % 3 == 0 ? .me : .them
            return message(Int64(index), sender, seconds: Int64(index / 2) * 7)
        }
        let expected = layout(messages)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            #expect(layout(messages.shuffled(using: &generator)) == expected)
        }
    }

    @Test func agreesWithAStraightforwardReadingOfTheRules() {
        var generator = SeededGenerator(seed: 42)
        let senders: [Sender] = [.me, .them, .system]
        for round in 0..<200 {
            let rules = GroupingRules(
                sectionGap: .milliseconds(Int64.random(in: 0...90_000, using: &generator)),
                clusterGap: .milliseconds(Int64.random(in: 0...40_000, using: &generator))
            )
            let steps: [Int64] = [0, 1, 19_999, 20_000, 20_001, 45_000, 90_001]
            var time = Int64.random(in: -1_000_000...1_000_000, using: &generator)
            var messages: [Message] = []
            for index in 0..<Int.random(in: 0...40, using: &generator) {
                time += steps.randomElement(using: &generator)!
                messages.append(message(Int64(index), senders.randomElement(using: &generator)!, milliseconds: time))
            }
            messages.shuffle(using: &generator)
            let items = Layout.items(for: messages, rules: rules)
            #expect(Array(items) == ReferenceLayout.items(for: messages, rules: rules), "round \(round)")
        }
    }
}

@Suite("Message boundaries")
struct MessageBoundaryTests {
    @Test(arguments: [
        (Sender.me, Int64(20_000), MessageBoundary.sameCluster),
        (.me, 20_001, .newCluster),
        (.them, 1_000, .newCluster),
        (.me, 3_600_000, .newCluster),
        (.me, 3_600_001, .newSection),
        (.them, 3_600_001, .newSection),
    ])
    func boundaryFollowsTheDefaultRules(sender: Sender, gap: Int64, expected: MessageBoundary) {
        let previous = message(1, .me, milliseconds: 0)
        #expect(GroupingRules().boundary(from: previous, to: message(2, sender, milliseconds: gap)) == expected)
    }

    @Test func aNewSectionIsNeverTheSameClusterWhateverTheClusterGap() {
        let rules = GroupingRules(sectionGap: .seconds(60), clusterGap: .seconds(600))
        #expect(rules.boundary(from: message(1, .me, seconds: 0), to: message(2, .me, seconds: 61)) == .newSection)
        #expect(rules.boundary(from: message(1, .me, seconds: 0), to: message(2, .me, seconds: 60)) == .sameCluster)
    }

    @Test func positionsFromBothNeighbours() {
        #expect(ClusterPosition(continuesPrevious: false, continuedByNext: false) == .single)
        #expect(ClusterPosition(continuesPrevious: false, continuedByNext: true) == .first)
        #expect(ClusterPosition(continuesPrevious: true, continuedByNext: true) == .middle)
        #expect(ClusterPosition(continuesPrevious: true, continuedByNext: false) == .last)
    }
}

@Suite("Grouping rules")
struct GroupingRulesTests {
    @Test func defaultsMatchTheProduct() {
        let rules = GroupingRules()
        #expect(rules.sectionGap == .seconds(3600))
        #expect(rules.clusterGap == .seconds(20))
        #expect(rules.headerPattern == "{day} {time}")
    }

    @Test func codableRoundTripKeepsMilliseconds() throws {
        let rules = GroupingRules(
            sectionGap: .milliseconds(3_600_001), clusterGap: .milliseconds(1500), headerPattern: "{date}")
        let data = try JSONEncoder().encode(rules)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.contains("\"sectionGapMilliseconds\":3600001"))
        #expect(json.contains("\"clusterGapMilliseconds\":1500"))
        #expect(try JSONDecoder().decode(GroupingRules.self, from: data) == rules)
    }
}

/// The grouping rules transcribed literally, with no optimisation, to check `Layout` against.
private enum ReferenceLayout {
    static func items(for messages: [Message], rules: GroupingRules) -> [LayoutItem] {
        let ordered = messages.sorted { ($0.sentAt, $0.id) < ($1.sentAt, $1.id) }
        func startsSection(_ index: Int) -> Bool {
            index == 0 || ordered[index].sentAt - ordered[index - 1].sentAt > rules.sectionGap
        }
        func continuesCluster(_ index: Int) -> Bool {
            index > 0 && !startsSection(index)
                && ordered[index].sender == ordered[index - 1].sender
                && ordered[index].sentAt - ordered[index - 1].sentAt <= rules.clusterGap
        }
        var items: [LayoutItem] = []
        for index in ordered.indices {
            if startsSection(index) { items.append(.sectionHeader(ordered[index].sentAt)) }
            let before = continuesCluster(index)
            let after = index + 1 < ordered.count && continuesCluster(index + 1)
            let position: ClusterPosition = before ? (after ? .middle : .last) : (after ? .first : .single)
            let spacing: Spacing = startsSection(index) || before ? .none : .blankLine
            items.append(.message(ordered[index], position: position, spacingBefore: spacing))
        }
        return items
    }
}
