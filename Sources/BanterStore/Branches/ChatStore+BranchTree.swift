import BanterCore
import GRDB

/// Every branch at once, for the HTML export that lets the reader switch siblings: the
/// tree's shape (`BranchTreeBuilder`), then each stretch read page by page, one range scan of
/// `messages_by_branch` each, so an export of any tree needs memory for a page and the tree.
extension ChatStore {
    /// The conversation's branches as a `BranchTree`, the current branch shown; nil when it
    /// never forked (it is then its current branch, read with `cursor`).
    package func branchTree(conversationID: Int64) throws(StoreError) -> BranchTree? {
        try read("read the branches") { db in
            let branches = try Self.branches(db, conversationID: conversationID)
            guard branches.count > 1 else { return nil }
            return try BranchTreeBuilder(db, conversationID: conversationID, branches: branches).tree()
        }
    }

    /// Up to `limit` messages of `stretch`, oldest first: the next page of a tree's stretch
    /// (move its `after` to the last message returned for the one after).
    package func messages(conversationID: Int64, in stretch: BranchTree.Stretch, limit: Int) throws(StoreError)
        -> [Message]
    {
        try read("read the conversation") { db in
            let lower = stretch.after ?? BranchTree.Position(sentAt: .min, id: .min)
            // `(sent_at, id) < (through.sentAt, through.id + 1)` is "at or before `through`".
            let upper = stretch.through.map { ($0.sentAt, $0.id + 1) } ?? (.max, .max)
            return try Self.fetchMessages(
                db, sql: BranchPath.oldestSQL,
                arguments: [
                    conversationID, stretch.lane, lower.sentAt, lower.id, upper.0, upper.1, Int64.max, max(limit, 1),
                ])
        }
    }
}
