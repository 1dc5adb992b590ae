import BanterCore

/// Consecutive messages from one sender drawn without a gap; only the last carries the tail.
public struct TranscriptCluster: Hashable, Sendable {
    public var sender: Sender
    /// At least one message, in layout order.
    public var messages: [Message]
}
