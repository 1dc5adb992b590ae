/// The grouping rules of the product, as a pure function from messages to layout items.
public enum Layout {
    /// Lays `messages` out in time order (ties broken by id, never by insertion order).
    ///
    /// Every comparison is with the immediately previous message, so clusters chain: a burst
    /// of messages each within the cluster gap of the one before stays one cluster however
    /// long it runs. A new section always starts a new cluster.
    public static func items(for messages: [Message], rules: GroupingRules) -> [LayoutItem] {
        let ordered = isChronological(messages) ? messages : messages.sorted(by: Message.chronological)
        let sectionGap = rules.sectionGap.wholeMilliseconds
        let clusterGap = rules.clusterGap.wholeMilliseconds

        var items: [LayoutItem] = []
        items.reserveCapacity(ordered.count + ordered.count / 8 + 1)

        // Decide for each message whether it continues the previous one's cluster, then emit
        // with the position; a message's position depends on whether the *next* continues it.
        var startsSection = [Bool](repeating: false, count: ordered.count)
        var continuesCluster = [Bool](repeating: false, count: ordered.count)
        for index in ordered.indices {
            guard index > 0 else {
                startsSection[index] = true
                continue
            }
            let previous = ordered[index - 1], current = ordered[index]
            let gap = current.sentAt.millisecondsSince1970 - previous.sentAt.millisecondsSince1970
            if gap > sectionGap {
                startsSection[index] = true
            } else {
                continuesCluster[index] = current.sender == previous.sender && gap <= clusterGap
            }
        }

        for (index, message) in ordered.enumerated() {
            if startsSection[index] {
                items.append(.sectionHeader(message.sentAt))
            }
            let continuesPrevious = continuesCluster[index]
            let continuedByNext = index + 1 < ordered.count && continuesCluster[index + 1]
            let position: ClusterPosition
            switch (continuesPrevious, continuedByNext) {
            case (false, false): position = .single
            case (false, true): position = .first
            case (true, true): position = .middle
            case (true, false): position = .last
            }
            let spacing: Spacing = (startsSection[index] || continuesPrevious) ? .none : .blankLine
            items.append(.message(message, position: position, spacingBefore: spacing))
        }
        return items
    }

    private static func isChronological(_ messages: [Message]) -> Bool {
        var index = 1
        while index < messages.count {
            if Message.chronological(messages[index], messages[index - 1]) { return false }
            index += 1
        }
        return true
    }
}
