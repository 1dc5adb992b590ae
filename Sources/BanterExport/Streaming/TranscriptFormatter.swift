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
    /// only a format that draws one branch writes one (Markdown).
    mutating func branchPoint(_ point: BranchPoint, of message: Message, into output: inout String)
    /// A branch point's alternatives open, for a format that draws every branch (HTML;
    /// `ExportFormat.drawsEveryBranch`): each alternative follows, then `forkEnded`.
    mutating func forkStarted(_ fork: BranchTree.Fork, into output: inout String)
    /// Alternative `index` of the innermost open fork opens (the page shows `fork.shown`
    /// until the reader switches); `joinsCluster`: its first message goes on in the branch
    /// point's cluster, whose bubble then shows no tail.
    mutating func alternativeStarted(
        _ index: Int, of fork: BranchTree.Fork, joinsCluster: Bool, into output: inout String)
    /// The alternative's first section goes on from the branch point's without a header
    /// (its first message is within the section gap).
    mutating func sectionContinued(into output: inout String)
    /// The alternative's first cluster goes on from the branch point's (same sender, within
    /// the cluster gap): drawn as part of it.
    mutating func clusterContinued(sender: Sender, into output: inout String)
    /// Where alternative `index` stands among its fork's and how to move to the others: under
    /// its first message, or alone for the branches that end at the branch point.
    mutating func switcher(_ index: Int, of fork: BranchTree.Fork, into output: inout String)
    mutating func alternativeEnded(into output: inout String)
    mutating func forkEnded(into output: inout String)
    mutating func clusterEnded(into output: inout String)
    mutating func sectionEnded(into output: inout String)
    /// What comes after the last message; `messageCount` messages were written.
    mutating func end(messageCount: Int, into output: inout String)
}

/// Branch points are written by some formats only: a note under a message (Markdown), or
/// every branch with its forks (HTML); the others write nothing there.
extension TranscriptFormatter {
    func branchPoint(_ point: BranchPoint, of message: Message, into output: inout String) {}
    func forkStarted(_ fork: BranchTree.Fork, into output: inout String) {}
    func alternativeStarted(_ index: Int, of fork: BranchTree.Fork, joinsCluster: Bool, into output: inout String) {}
    func sectionContinued(into output: inout String) {}
    func clusterContinued(sender: Sender, into output: inout String) {}
    func switcher(_ index: Int, of fork: BranchTree.Fork, into output: inout String) {}
    func alternativeEnded(into output: inout String) {}
    func forkEnded(into output: inout String) {}
}
