/// Where a message sits in its cluster; only `single` and `last` carry the bubble's tail.
public enum ClusterPosition: Hashable, Sendable {
    case single, first, middle, last

    /// The position of a message given whether it continues the previous message's cluster
    /// and whether the next message continues its own.
    @inline(__always)
    public init(continuesPrevious: Bool, continuedByNext: Bool) {
        switch (continuesPrevious, continuedByNext) {
        case (false, false): self = .single
        case (false, true): self = .first
        case (true, true): self = .middle
        case (true, false): self = .last
        }
    }

    /// Whether the bubble is drawn with its tail (the last message of a cluster).
    package var hasTail: Bool { self == .single || self == .last }
}

/// What separates an item from the one above it.
public enum Spacing: Hashable, Sendable {
    /// Directly below: the previous message of the same cluster, or the section header.
    case none
    /// One blank line: a new cluster within the same section.
    case blankLine
}

/// One row of the laid-out transcript, before it is rendered at some width.
public enum LayoutItem: Hashable, Sendable {
    /// Opens a section; the header shows this time (the section's first message).
    case sectionHeader(Timestamp)
    case message(Message, position: ClusterPosition, spacingBefore: Spacing)
}
