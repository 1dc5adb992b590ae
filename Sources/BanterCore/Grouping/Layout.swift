/// The grouping rules of the product, as a pure function from messages to layout items.
public enum Layout {
    /// Lays `messages` out in time order (ties broken by id, never by insertion order).
    ///
    /// Every comparison is with the immediately previous message, so clusters chain: a burst
    /// of messages each within the cluster gap of the one before stays one cluster however
    /// long it runs. A new section always starts a new cluster.
    ///
    /// The items refer to `messages` by index rather than holding copies.
    public static func items(for messages: [Message], rules: GroupingRules) -> LayoutItems {
        if isChronological(messages) {
            return LayoutItems(messages: messages, rows: rows(inOrder: messages.indices, of: messages, rules: rules))
        }
        // Sorting small keys and reading the messages through them is several times faster
        // than sorting the messages themselves.
        var keys = messages.indices.map { index in
            SortKey(time: messages[index].sentAt.millisecondsSince1970, id: messages[index].id, index: index)
        }
        keys.sort()
        return LayoutItems(messages: messages, rows: rows(inOrder: keys.lazy.map(\.index), of: messages, rules: rules))
    }

    /// The rows of `messages` taken in `order` (indices in chronological order).
    private static func rows<Order: RandomAccessCollection<Int>>(
        inOrder order: Order, of messages: [Message], rules: GroupingRules
    ) -> [LayoutItems.Row] {
        guard let first = order.first else { return [] }
        let thresholds = GroupingRules.Thresholds(rules)

        var rows: [LayoutItems.Row] = []
        rows.reserveCapacity(order.count + order.count / 8 + 1)
        rows.append(.sectionHeader(messages[first].sentAt))

        // One pass with one message of look-behind: a message's position depends on whether
        // the next one continues its cluster, so each message is emitted once its successor
        // has been classified.
        // The loop reads only times, senders' roles and participant keys: passing whole
        // messages would copy them, and reading their boxed extras (where the names are)
        // would count references. Equal roles and keys are the same sender (`ParticipantKeys`).
        var previous = first
        var previousTime = messages[first].sentAt.millisecondsSince1970
        var previousRole = messages[first].role
        var previousKey = messages[first].participantKey
        var previousContinues = false
        var previousSpacing = Spacing.none
        for index in order.dropFirst() {
            let time = messages[index].sentAt.millisecondsSince1970
            let role = messages[index].role
            let key = messages[index].participantKey
            let sameSender =
                role == previousRole
                && ParticipantKeys.same(key, previousKey) { messages[index].sender == messages[previous].sender }
            let boundary = thresholds.boundary(gap: time - previousTime, sameSender: sameSender)
            let startsSection = boundary == .newSection
            let continues = boundary == .sameCluster
            rows.append(
                .message(
                    index: previous,
                    position: ClusterPosition(continuesPrevious: previousContinues, continuedByNext: continues),
                    spacingBefore: previousSpacing
                ))
            if startsSection {
                rows.append(.sectionHeader(Timestamp(millisecondsSince1970: time)))
            }
            previous = index
            previousTime = time
            previousRole = role
            previousKey = key
            previousContinues = continues
            previousSpacing = (startsSection || continues) ? .none : .blankLine
        }
        rows.append(
            .message(
                index: previous,
                position: ClusterPosition(continuesPrevious: previousContinues, continuedByNext: false),
                spacingBefore: previousSpacing
            ))
        return rows
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
