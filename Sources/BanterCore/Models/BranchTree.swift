/// Every branch of a conversation as a page that lets the reader switch siblings draws it
/// (the HTML export): messages shared by several branches are drawn once, and at each branch
/// point the alternatives that follow it, each the sibling and the tree below it.
///
/// A node is a stretch of one lane (the messages written on one branch, see
/// docs/architecture.md, "Branches"), from the start of its part to the next branch point on
/// that lane, then that branch point's alternatives. It holds no message but each
/// alternative's first one, so a tree costs memory for its branches, not for its messages:
/// the stretches are read page by page while the page is written.
package struct BranchTree: Hashable, Sendable {
    /// The messages this node draws.
    package var stretch: Stretch
    /// What follows the stretch's last message when that message is a branch point; nil
    /// when every branch through the stretch ends with it (or goes on in the stretch).
    package var fork: Fork?

    package init(stretch: Stretch, fork: Fork? = nil) {
        self.stretch = stretch
        self.fork = fork
    }

    /// Where a message stands in layout order: by time, ties by id.
    package struct Position: Hashable, Sendable, Comparable {
        package var sentAt: Int64
        package var id: Int64

        package init(sentAt: Int64, id: Int64) {
            self.sentAt = sentAt
            self.id = id
        }

        package init(of message: Message) {
            self.init(sentAt: message.sentAt.millisecondsSince1970, id: message.id)
        }

        package static func < (lhs: Position, rhs: Position) -> Bool { (lhs.sentAt, lhs.id) < (rhs.sentAt, rhs.id) }
    }

    /// The messages of one lane after `after` (exclusive; from the lane's first when nil) up
    /// to `through` (inclusive; to the lane's last when nil), in layout order.
    package struct Stretch: Hashable, Sendable {
        /// The lane: the stored id of the branch the messages were written on, nil for the
        /// first branch's.
        package var lane: Int64?
        package var after: Position?
        package var through: Position?

        package init(lane: Int64?, after: Position? = nil, through: Position? = nil) {
            self.lane = lane
            self.after = after
            self.through = through
        }

        /// Whether `message`'s position lies in the stretch (its lane is the caller's to know).
        package func holds(_ position: Position) -> Bool {
            (after.map { $0 < position } ?? true) && (through.map { position <= $0 } ?? true)
        }
    }

    /// A branch point's alternatives: its siblings (oldest first, as the chat numbers them
    /// `‹ 2/3 ›`), then, when some branches end at the branch point itself, one alternative
    /// for them.
    package struct Fork: Hashable, Sendable {
        package var alternatives: [Alternative]
        /// The alternative the page shows until the reader switches: the one the current
        /// branch goes through, else the one continuing the branch drawn above.
        package var shown: Int

        package init(alternatives: [Alternative], shown: Int) {
            self.alternatives = alternatives
            self.shown = shown
        }
    }

    /// One way on from a branch point.
    package struct Alternative: Hashable, Sendable {
        /// The sibling, first message of the alternative; nil for the branches that end at
        /// the branch point (a branch forked there with nothing written yet, or the branch
        /// the branch point was written on when it wrote nothing after it).
        package var first: Message?
        /// The branches named at the switcher: the one the sibling was written on, or every
        /// branch that ends at the branch point.
        package var branches: [Branch]
        /// The sibling and what follows it; nil when `first` is.
        package var tree: BranchTree?

        package init(first: Message?, branches: [Branch], tree: BranchTree?) {
            self.first = first
            self.branches = branches
            self.tree = tree
        }
    }
}
