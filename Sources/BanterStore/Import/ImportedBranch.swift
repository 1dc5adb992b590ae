/// One branch of an imported transcript, as its file identifies it (by the ids its
/// messages have in the file): what the importer needs to make it again with its label,
/// and which branch is current. The reader has checked the ids before the import.
package struct ImportedBranch: Hashable, Sendable {
    /// The `/branch NAME` label, if any.
    package var name: String?
    /// The message it continues from; nil for the first branch.
    package var forkID: Int64?
    /// Its first own message; nil for the first branch and for a branch nothing was
    /// written on (made again empty, forked at `forkID`, once every message is in).
    package var firstID: Int64?
    package var isCurrent: Bool

    package init(name: String?, forkID: Int64?, firstID: Int64?, isCurrent: Bool) {
        self.name = name
        self.forkID = forkID
        self.firstID = firstID
        self.isCurrent = isCurrent
    }
}
