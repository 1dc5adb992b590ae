import BanterCore

/// A section of an exported transcript: its header as shown and its clusters in order.
public struct TranscriptSection: Hashable, Sendable {
    /// The header text, through `HeaderFormatter` ("Today 14:05").
    public var header: String
    /// The time of the section's first message, which the header shows.
    public var startsAt: Timestamp
    public var clusters: [TranscriptCluster]
}
