import BanterCore
import GRDB

/// Where a conversation's next message goes: the lane of its current branch and, on a
/// branch other than the first, the message it follows (its `parentID`). Messages of the
/// first branch keep a NULL parent, the straight line, so a conversation that never forks
/// stores exactly what it stored before branches.
struct BranchTip {
    var lane: Int64?
    var parentID: Int64?

    static let first = BranchTip(lane: nil, parentID: nil)

    /// The tip of the conversation's current branch; throws when there is no such
    /// conversation. One indexed lookup on the first branch, which also stands for the
    /// existence check every append made before; on another branch, one more for its newest
    /// message.
    static func current(_ db: Database, _ statements: HotStatements, conversationID: Int64) throws -> BranchTip {
        guard
            let currentBranch = try statements.fetchInteger(
                .currentBranch, sql: "SELECT current_branch_id FROM conversations WHERE id = ?",
                binding: [.integer(conversationID)], in: db)
        else { throw StoreError.conversationNotFound(id: conversationID) }
        guard let lane = currentBranch else { return first }
        // A branch forked from a message goes on from its own newest message, else from the
        // fork message; one that names no fork message (or is gone) counts as the first.
        let parent = try statements.fetchInteger(
            .branchTipParent,
            sql: """
                SELECT CASE WHEN fork_message_id IS NOT NULL THEN coalesce(
                    (SELECT id FROM messages WHERE conversation_id = ?1 AND branch_id = ?2
                        ORDER BY sent_at DESC, id DESC LIMIT 1),
                    fork_message_id) END
                FROM branches WHERE id = ?2
                """,
            binding: [.integer(conversationID), .integer(lane)], in: db)
        guard let parentID = parent ?? nil else { return first }
        return BranchTip(lane: lane, parentID: parentID)
    }

    /// Stores `messages` one after the other, each at the tip of its conversation's current
    /// branch (each conversation's tip read once).
    static func append(_ db: Database, _ statements: HotStatements, _ messages: [NewMessage]) throws -> [Message] {
        var tips: [Int64: BranchTip] = [:]
        return try messages.map { new in
            var tip = try tips[new.conversationID] ?? current(db, statements, conversationID: new.conversationID)
            let message = try tip.append(db, statements, new)
            tips[new.conversationID] = tip
            return message
        }
    }

    /// Inserts `new` at the tip (its own parent, if it names one, is kept) and moves the
    /// tip to it.
    mutating func append(_ db: Database, _ statements: HotStatements, _ new: NewMessage) throws -> Message {
        var placed = new
        placed.lane = lane
        if let parentID, placed.fields[.parent] == .null { placed.fields[.parent] = .integer(parentID) }
        let message = try ChatStore.insert(db, statements, placed)
        if lane != nil { parentID = message.id }
        return message
    }
}
