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
        // Read through a buffer: every index used comes from `messages.indices`, so the
        // array's bounds checks (two a message) could only ever pass.
        let rows = messages.withUnsafeBufferPointer { messages in
            if isChronological(messages) {
                return Self.rows(inOrder: messages.indices, of: messages, rules: rules)
            }
            // Sorting small keys and reading the messages through them is several times faster
            // than sorting the messages themselves.
            var keys = messages.indices.map { index in
                SortKey(time: messages[index].sentAt.millisecondsSince1970, id: messages[index].id, index: index)
            }
            keys.sort()
            return Self.rows(inOrder: keys.lazy.map(\.index), of: messages, rules: rules)
        }
        return LayoutItems(messages: messages, rows: rows)
    }

    /// The rows of `messages` taken in `order` (indices in chronological order).
    private static func rows<Order: RandomAccessCollection<Int>>(
        inOrder order: Order, of messages: UnsafeBufferPointer<Message>, rules: GroupingRules
    ) -> [LayoutItems.Row] {
        guard let first = order.first else { return [] }
        let thresholds = GroupingRules.Thresholds(rules)

        var rows: [LayoutItems.Row] = []
        rows.reserveCapacity(order.count + order.count / 8 + 1)
        rows.append(.sectionHeader(messages[first].sentAt))

        // One pass with one message of look-behind: a message's position depends on whether
        // the next one continues its cluster, so each message is emitted once its successor
        // has been classified.
        // The loop reads only times, and senders as `Message.hasSameSender` does (roles and
        // participant keys, the names only when the keys cannot tell), field by field:
        // passing whole messages would copy them (retaining their texts and extras).
        var previous = first
        var previousTime = messages[first].sentAt.millisecondsSince1970
        var previousContinues = false
        var previousSpacing = Spacing.none
        for index in order.dropFirst() {
            let time = messages[index].sentAt.millisecondsSince1970
            let boundary = thresholds.boundary(gap: time - previousTime) {
                messages[index].role == messages[previous].role
                    && ParticipantKeys.same(messages[index].participantKey, messages[previous].participantKey) {
                        messages[index].hasSameParticipantName(as: messages[previous])
                    }
            }
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

    private static func isChronological(_ messages: UnsafeBufferPointer<Message>) -> Bool {
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
