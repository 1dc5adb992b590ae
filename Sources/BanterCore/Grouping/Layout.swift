/// The grouping rules of the product, as a pure function from messages to layout items.
public enum Layout {
    /// Lays `messages` out in time order (ties broken by id, never by insertion order).
    ///
    /// Every comparison is with the immediately previous message, so clusters chain: a burst
    /// of messages each within the cluster gap of the one before stays one cluster however
    /// long it runs. A new section always starts a new cluster.
    public static func items(for messages: [Message], rules: GroupingRules) -> [LayoutItem] {
        let ordered = isChronological(messages) ? messages : messages.sorted(by: Message.chronological)
        guard let first = ordered.first else { return [] }
        let sectionGap = rules.sectionGap.wholeMilliseconds
        let clusterGap = rules.clusterGap.wholeMilliseconds

        var items: [LayoutItem] = []
        items.reserveCapacity(ordered.count + ordered.count / 8 + 1)
        items.append(.sectionHeader(first.sentAt))

        // One pass with one message of look-behind: a message's position depends on whether
        // the next one continues its cluster, so each message is emitted once its successor
        // has been classified.
        var pending = first
        var pendingContinues = false
        var pendingSpacing = Spacing.none
        var index = 1
        while index < ordered.count {
            let current = ordered[index]
            let gap = current.sentAt.millisecondsSince1970 - pending.sentAt.millisecondsSince1970
            let startsSection = gap > sectionGap
            let continues = !startsSection && gap <= clusterGap && current.sender == pending.sender
            items.append(.message(
                pending,
                position: position(continuesPrevious: pendingContinues, continuedByNext: continues),
                spacingBefore: pendingSpacing
            ))
            if startsSection {
                items.append(.sectionHeader(current.sentAt))
            }
            pending = current
            pendingContinues = continues
            pendingSpacing = (startsSection || continues) ? .none : .blankLine
            index += 1
        }
        items.append(.message(
            pending,
            position: position(continuesPrevious: pendingContinues, continuedByNext: false),
            spacingBefore: pendingSpacing
        ))
        return items
    }

    @inline(__always)
    private static func position(continuesPrevious: Bool, continuedByNext: Bool) -> ClusterPosition {
        switch (continuesPrevious, continuedByNext) {
        case (false, false): .single
        case (false, true): .first
        case (true, true): .middle
        case (true, false): .last
        }
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
