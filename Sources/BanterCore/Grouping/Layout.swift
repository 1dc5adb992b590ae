/// The grouping rules of the product, as a pure function from messages to layout items.
public enum Layout {
    /// Lays `messages` out in time order (ties broken by id, never by insertion order).
    ///
    /// Every comparison is with the immediately previous message, so clusters chain: a burst
    /// of messages each within the cluster gap of the one before stays one cluster however
    /// long it runs. A new section always starts a new cluster.
    public static func items(for messages: [Message], rules: GroupingRules) -> [LayoutItem] {
        if isChronological(messages) {
            return items(inOrder: messages, rules: rules)
        }
        // Sorting small keys and reading the messages through them is several times faster
        // than sorting the messages themselves.
        var keys = messages.indices.map { index in
            SortKey(time: messages[index].sentAt.millisecondsSince1970, id: messages[index].id, index: index)
        }
        keys.sort()
        return items(inOrder: keys.lazy.map { messages[$0.index] }, rules: rules)
    }

    /// The layout of messages already in chronological order.
    private static func items<Ordered: RandomAccessCollection<Message>>(
        inOrder ordered: Ordered, rules: GroupingRules
    ) -> [LayoutItem] {
        guard !ordered.isEmpty else { return [] }
        let thresholds = GroupingRules.Thresholds(rules)

        var items: [LayoutItem] = []
        items.reserveCapacity(ordered.count + ordered.count / 8 + 1)
        items.append(.sectionHeader(ordered[ordered.startIndex].sentAt))

        // One pass with one message of look-behind: a message's position depends on whether
        // the next one continues its cluster, so each message is emitted once its successor
        // has been classified.
        var previous = ordered.startIndex
        var previousContinues = false
        var previousSpacing = Spacing.none
        var index = ordered.index(after: previous)
        while index != ordered.endIndex {
            let boundary = thresholds.boundary(from: ordered[previous], to: ordered[index])
            let startsSection = boundary == .newSection
            let continues = boundary == .sameCluster
            items.append(.message(
                ordered[previous],
                position: ClusterPosition(continuesPrevious: previousContinues, continuedByNext: continues),
                spacingBefore: previousSpacing
            ))
            if startsSection {
                items.append(.sectionHeader(ordered[index].sentAt))
            }
            previous = index
            previousContinues = continues
            previousSpacing = (startsSection || continues) ? .none : .blankLine
            ordered.formIndex(after: &index)
        }
        items.append(.message(
            ordered[previous],
            position: ClusterPosition(continuesPrevious: previousContinues, continuedByNext: false),
            spacingBefore: previousSpacing
        ))
        return items
    }

    private static func isChronological(_ messages: [Message]) -> Bool {
        var index = 1
        while index < messages.count {
            let current = messages[index].sentAt, previous = messages[index - 1].sentAt
            if current < previous || (current == previous && messages[index].id < messages[index - 1].id) {
                return false
            }
            index += 1
        }
        return true
    }

    /// `Message.chronological` as plain integers; equal keys keep their input order.
    private struct SortKey: Comparable {
        var time: Int64
        var id: Int64
        var index: Int

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            (lhs.time, lhs.id, lhs.index) < (rhs.time, rhs.id, rhs.index)
        }
    }
}
