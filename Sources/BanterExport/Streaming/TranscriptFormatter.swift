import BanterCore

/// One export format, as the events of a transcript read from its first message to its
/// last: `TranscriptWriter` decides the grouping (the same decisions `Layout` makes for a
/// whole conversation) and each format only turns events into text, appended to `output`.
protocol TranscriptFormatter {
    /// What comes before the first message (a title, a page's head, a header line).
    mutating func begin(into output: inout String)
    /// A section opens with its formatted header; `startsAt` is its first message's time.
    mutating func sectionStarted(header: String, startsAt: Timestamp, into output: inout String)
    /// A cluster of `sender`'s messages opens.
    mutating func clusterStarted(sender: Sender, into output: inout String)
    /// One message, once the next one has shown where it sits in its cluster.
    /// - Parameters:
    ///   - section: the header when the message opens a section, else nil.
    ///   - showsStatus: whether the delivery status is shown under it.
    ///   - isNewest: whether it is the transcript's last message (quick replies show only
    ///     there, as in the chat: once anything follows, they were answered).
    mutating func message(
        _ message: Message, position: ClusterPosition, section: String?, showsStatus: Bool, isNewest: Bool,
        into output: inout String)
    /// The note under a message that has siblings (the other versions on other branches);
    /// only the readable formats write one.
    mutating func branchPoint(_ point: BranchPoint, of message: Message, into output: inout String)
    mutating func clusterEnded(into output: inout String)
    mutating func sectionEnded(into output: inout String)
    /// What comes after the last message; `messageCount` messages were written.
    mutating func end(messageCount: Int, into output: inout String)
}

extension TranscriptFormatter {
    func branchPoint(_ point: BranchPoint, of message: Message, into output: inout String) {}
}
