import BanterCore

/// Lays a long transcript out a page at a time, with the decisions `Layout` makes for the
/// whole list, and renders each page in one call (one bubble painter per page rather than
/// per message). The last message of a page is held until the next page shows whether it
/// ends its cluster.
struct BatchedTranscript {
    private var stream = TranscriptStream()
    private var held: (message: Message, position: ClusterPosition, spacing: Spacing)?
    private var printedAny = false

    /// The lines `page` makes final (all but its last message, which is held).
    mutating func add(_ page: [Message], rules: GroupingRules, renderer: TranscriptRenderer, width: Int) -> [String] {
        var items: [LayoutItem] = []
        items.reserveCapacity(page.count + 8)
        for message in page {
            let step = stream.append(message, rules: rules)
            if let held {
                items.append(
                    .message(
                        held.message, position: step.previousPosition ?? held.position, spacingBefore: held.spacing))
            }
            if step.startsSection { items.append(.sectionHeader(message.sentAt)) }
            let spacing: Spacing = step.isFirst || step.startsSection || step.continuesCluster ? .none : .blankLine
            held = (message, step.position, spacing)
        }
        return render(items, renderer: renderer, width: width, lastIsNewest: false)
    }

    /// The held message's lines, at the end.
    mutating func flush(renderer: TranscriptRenderer, width: Int) -> [String] {
        guard let held else { return [] }
        self.held = nil
        return render(
            [.message(held.message, position: held.position, spacingBefore: held.spacing)], renderer: renderer,
            width: width, lastIsNewest: true)
    }

    /// Renders `items`, adding the blank line the renderer leaves out before the first item
    /// of a call when earlier pages were printed above it.
    private mutating func render(
        _ items: [LayoutItem], renderer: TranscriptRenderer, width: Int, lastIsNewest: Bool
    ) -> [String] {
        guard let first = items.first else { return [] }
        var lines: [String] = []
        if printedAny {
            switch first {
            case .sectionHeader, .message(_, _, .blankLine): lines.append("")
            case .message: break
            }
        }
        renderer.render(LayoutItems(items), width: width, showsStatus: false, lastIsNewest: lastIsNewest, into: &lines)
        printedAny = true
        return lines
    }
}
