import BanterCore
import GRDB

/// Works out a conversation's `BranchTree` from its branches: where each branch was forked
/// (the branch points, by lane), the current branch's path, and one indexed read per
/// alternative for its first message. It reads no stretch, so it costs O(branches) reads
/// whatever the conversation's length.
struct BranchTreeBuilder {
    private let db: Database
    private let conversationID: Int64
    /// Each lane's branch.
    private let branchOfLane: [Int64?: Branch]
    /// Each lane's branch points, in layout order, with the branches forked at each.
    private let branchPoints: [Int64?: [(position: BranchTree.Position, branches: [Branch])]]
    /// The current branch's path, root first.
    private let current: [BranchPath.Segment]

    init(_ db: Database, conversationID: Int64, branches: [Branch]) throws {
        self.db = db
        self.conversationID = conversationID
        branchOfLane = Dictionary(branches.map { (ChatStore.lane(of: $0), $0) }) { first, _ in first }
        let byID = Dictionary(branches.compactMap { branch in branch.storedID.map { ($0, branch) } }) { first, _ in
            first
        }
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT b.id, m.branch_id, m.sent_at, m.id FROM branches b JOIN messages m ON m.id = b.fork_message_id
                    WHERE b.conversation_id = ? ORDER BY b.id
                    """), arguments: [conversationID])
        var points: [Int64?: [BranchTree.Position: [Branch]]] = [:]
        for row in rows {
            guard let branch = byID[row[0]] else { continue }
            let position = BranchTree.Position(sentAt: row[2], id: row[3])
            points[row[1] as Int64?, default: [:]][position, default: []].append(branch)
        }
        branchPoints = points.mapValues { byPosition in
            byPosition.sorted { $0.key < $1.key }.map { (position: $0.key, branches: $0.value) }
        }
        current = try BranchPath.current(db, conversationID: conversationID).segments
    }

    /// The tree from the first branch's first message, the current branch shown.
    func tree() throws -> BranchTree {
        try tree(lane: nil, after: nil, showing: current)
    }

    /// The node drawing `lane` after `after`, then the branch point ending it, if any;
    /// `showing` is the path of the branch the page shows there until the reader switches.
    private func tree(lane: Int64?, after: BranchTree.Position?, showing: [BranchPath.Segment]) throws -> BranchTree {
        guard let point = branchPoints[lane]?.first(where: { point in after.map { $0 < point.position } ?? true })
        else { return BranchTree(stretch: BranchTree.Stretch(lane: lane, after: after)) }
        let stretch = BranchTree.Stretch(lane: lane, after: after, through: point.position)
        // Each way on: the lane's next message, and each branch forked here; those with
        // nothing written after the branch point end here.
        var ways: [(first: Message, lane: Int64?, after: BranchTree.Position?, branch: Branch)] = []
        var ending: [Branch] = []
        for (wayLane, wayAfter) in [(lane, point.position)] + point.branches.map({ (ChatStore.lane(of: $0), nil) }) {
            guard let branch = branchOfLane[wayLane] else { continue }
            if let first = try next(lane: wayLane, after: wayAfter) {
                ways.append((first, wayLane, wayAfter, branch))
            } else {
                ending.append(branch)
            }
        }
        guard !ways.isEmpty else { return BranchTree(stretch: stretch) }
        ways.sort { $0.first.id < $1.first.id }
        // The way the shown branch goes on; one that ends here is the last alternative.
        let shown: Int
        if let shownLane = Self.lane(after: point.position, on: lane, in: showing) {
            shown = ways.firstIndex { $0.lane == shownLane } ?? ways.count
        } else {
            shown = 0
        }
        var alternatives: [BranchTree.Alternative] = []
        for (index, way) in ways.enumerated() {
            let path = index == shown ? showing : [BranchPath.Segment(lane: way.lane, last: nil)]
            alternatives.append(
                BranchTree.Alternative(
                    first: way.first, branches: [way.branch],
                    tree: try tree(lane: way.lane, after: way.after, showing: path)))
        }
        if !ending.isEmpty {
            alternatives.append(
                BranchTree.Alternative(first: nil, branches: ending.sorted { $0.number < $1.number }, tree: nil))
        }
        return BranchTree(
            stretch: stretch,
            fork: BranchTree.Fork(alternatives: alternatives, shown: min(shown, alternatives.count - 1)))
    }

    /// The lane `path` goes on with after its message at `position` on `lane`: the same lane
    /// when its part there goes past the message, else the next part's (`.some(nil)` is the
    /// first branch's lane; `.none`, a path that does not go through `lane`).
    private static func lane(after position: BranchTree.Position, on lane: Int64?, in path: [BranchPath.Segment])
        -> Int64??
    {
        guard let index = path.firstIndex(where: { $0.lane == lane }) else { return .none }
        guard let last = path[index].last, BranchTree.Position(sentAt: last.sentAt, id: last.id) <= position else {
            return .some(lane)
        }
        return index + 1 < path.count ? .some(path[index + 1].lane) : .none
    }

    /// The first message of `lane` after `position` (from its first when nil).
    private func next(lane: Int64?, after position: BranchTree.Position?) throws -> Message? {
        try ChatStore.fetchMessages(
            db, sql: BranchPath.oldestSQL,
            arguments: [
                conversationID, lane, position?.sentAt ?? .min, position?.id ?? .min, Int64.max, Int64.max, Int64.max,
                1,
            ]
        ).first
    }
}
