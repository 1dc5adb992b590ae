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
    /// conversation. One indexed lookup, which also stands for the existence check every
    /// append made before.
    static func current(_ db: Database, conversationID: Int64) throws -> BranchTip {
        guard
            let row = try db.cachedStatement(
                sql: """
                    SELECT c.current_branch_id, b.fork_message_id FROM conversations c
                    LEFT JOIN branches b ON b.id = c.current_branch_id WHERE c.id = ?
                    """
            ).fetchOneRow(binding: [conversationID])
        else { throw StoreError.conversationNotFound(id: conversationID) }
        guard let lane: Int64 = row[0], let forkMessageID: Int64 = row[1] else { return first }
        let newest = try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id FROM messages WHERE conversation_id = ? AND branch_id = ?
                    ORDER BY sent_at DESC, id DESC LIMIT 1
                    """), arguments: [conversationID, lane])
        return BranchTip(lane: lane, parentID: newest ?? forkMessageID)
    }

    /// Inserts `new` at the tip (its own parent, if it names one, is kept) and moves the
    /// tip to it.
    mutating func append(_ db: Database, _ new: NewMessage) throws -> Message {
        var placed = new
        placed.lane = lane
        if let parentID, placed.fields[.parent] == .null { placed.fields[.parent] = .integer(parentID) }
        let message = try ChatStore.insert(db, placed)
        if lane != nil { parentID = message.id }
        return message
    }
}
