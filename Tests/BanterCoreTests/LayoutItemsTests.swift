import BanterTestSupport
import Testing

@testable import BanterCore

private func message(_ id: Int64, _ sender: Sender, seconds: Int64, text: String? = nil) -> Message {
    Message(
        id: id, conversationID: 1, sender: sender, text: text ?? "message \(id)",
        sentAt: Timestamp(millisecondsSince1970: seconds * 1000))
}

@Suite("Layout items")
struct LayoutItemsTests {
    /// A header, a cluster of two, a blank line, a single, and a new section.
    static let messages = [
        message(1, .me, seconds: 0), message(2, .me, seconds: 10), message(3, .them, seconds: 15),
        message(4, .them, seconds: 7_200),
    ]

    static let expected: [LayoutItem] = [
        .sectionHeader(Timestamp(millisecondsSince1970: 0)),
        .message(messages[0], position: .first, spacingBefore: .none),
        .message(messages[1], position: .last, spacingBefore: .none),
        .message(messages[2], position: .single, spacingBefore: .blankLine),
        .sectionHeader(Timestamp(millisecondsSince1970: 7_200_000)),
        .message(messages[3], position: .single, spacingBefore: .none),
    ]

    @Test func readsAsTheItemsOfTheLayout() {
        let items = Layout.items(for: Self.messages, rules: GroupingRules())
        #expect(Array(items) == Self.expected)
        #expect(items.count == Self.expected.count)
        #expect(items[3] == Self.expected[3])
        #expect(Array(items.reversed()) == Self.expected.reversed())
    }

    @Test func shuffledInputGivesTheSameItemsAsSortedInput() {
        var generator = SeededGenerator(seed: 11)
        let sorted = Layout.items(for: Self.messages, rules: GroupingRules())
        for _ in 0..<10 {
            let shuffled = Layout.items(for: Self.messages.shuffled(using: &generator), rules: GroupingRules())
            #expect(shuffled == sorted)
        }
    }

    @Test func itemsMadeElsewhereKeepTheirOrderAndLoneHeaders() {
        let header = LayoutItem.sectionHeader(Timestamp(millisecondsSince1970: 42))
        let made = LayoutItems([header] + Self.expected + [header])
        #expect(Array(made) == [header] + Self.expected + [header])
        let literal: LayoutItems = [header]
        #expect(Array(literal) == [header])
        let empty: LayoutItems = []
        #expect(empty.isEmpty)
    }

    @Test func equalityComparesItemsNotStorage() {
        let laidOut = Layout.items(for: Self.messages, rules: GroupingRules())
        #expect(laidOut == LayoutItems(Self.expected))
        #expect(laidOut != LayoutItems(Self.expected.dropLast()))
        let edited = Self.messages.map {
            message($0.id, $0.sender, seconds: $0.sentAt.millisecondsSince1970 / 1000, text: "x")
        }
        #expect(laidOut != Layout.items(for: edited, rules: GroupingRules()))
    }

    @Test func printsLikeAnArrayOfItems() {
        let items = Layout.items(for: Self.messages, rules: GroupingRules())
        #expect(items.description == Self.expected.description)
    }

    /// Laying out a million messages writes one row per item: keep rows small, without copies
    /// of messages in them.
    @Test func rowsStaySmall() {
        #expect(MemoryLayout<LayoutItems.Row>.stride <= 16)
    }
}
