import BanterCore
import GRDB

/// Siblings: the messages that follow one message on different branches. A message's
/// children are the one after it on its own lane and the first message of every branch
/// forked at it (`branches_by_fork`); only a fork point has more than one, so a
/// conversation that never forked costs one lookup of its branches.
extension ChatStore {
    /// Where each message of `window` (consecutive messages of one branch, oldest first)
    /// stands among its siblings, for those that have any. The first message's parent is
    /// the one before it on its branch, which the window may not hold: it is found by its
    /// `parentID`, or on the first branch as the message before it there. Nil when the
    /// conversation never forked (or the window is empty).
    package func siblings(in window: [Message]) throws(StoreError) -> [Int64: Siblings]? {
        guard let first = window.first else { return nil }
        // Read from a row cursor into an array, and as a set only once there are any: in a
        // cold process the first use of a generic type over Int64 (`Int64.fetchAll`'s
        // cursor, `Set<Int64>`) or over a cursor (`Row.fetchAll`'s `MapCursor`) costs a scan
        // of every protocol conformance in the executable (about 0.2 ms), and a
        // conversation that never forked (every `render` of one) needs none of them.
        let forkPoints = try read("read the fork points") { db in
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT fork_message_id FROM branches
                        WHERE conversation_id = ? AND fork_message_id IS NOT NULL
                        """), arguments: [first.conversationID])
            var ids: [Int64] = []
            while let row = try rows.next() { ids.append(row[0]) }
            return ids
        }
        guard !forkPoints.isEmpty else { return nil }
        return try read("read the siblings") { db in
            let forkPoints = Set(forkPoints)
            var found: [Int64: Siblings] = [:]
            for (index, message) in window.enumerated() {
                let parentID = index > 0 ? window[index - 1].id : try Self.parentID(db, of: message)
                guard let parentID, forkPoints.contains(parentID) else { continue }
                let ids = try Self.children(db, of: parentID)
                if ids.count > 1, let place = ids.firstIndex(of: message.id) {
                    found[message.id] = Siblings(ids: ids, index: place)
                }
            }
            return found
        }
    }

    /// The messages of `window` that have siblings, with the branch each sibling was
    /// written on: what an export notes at each branch point.
    package func branchPoints(in window: [Message]) throws(StoreError) -> [Int64: BranchPoint] {
        guard let found = try siblings(in: window), !found.isEmpty, let first = window.first else { return [:] }
        return try read("read the branch points") { db in
            let all = try Self.branches(db, conversationID: first.conversationID)
            var points: [Int64: BranchPoint] = [:]
            for (id, siblings) in found {
                let branches = try siblings.ids.map { sibling in
                    let lane = try Self.lane(ofMessage: sibling, db)
                    return all.first { Self.lane(of: $0) == lane } ?? all[0]
                }
                points[id] = BranchPoint(siblings: siblings, branches: branches)
            }
            return points
        }
    }

    /// The message before `id` on its branch: what a `/edit --branch` forks at.
    package func parent(of id: Int64) throws(StoreError) -> Message? {
        try read("read the message before") { db in
            guard let message = try Self.message(db, id: id) else { throw StoreError.messageNotFound(id: id) }
            return try Self.parentID(db, of: message).flatMap { try Self.message(db, id: $0) }
        }
    }

    /// Makes the branch `messageID` was written on the current one (a sibling's, for
    /// `/sibling`), with that branch's memory.
    @discardableResult
    package func switchBranch(conversationID: Int64, toBranchOf messageID: Int64) throws(StoreError) -> Branch {
        try write("switch branches") { db in
            guard let message = try Self.message(db, id: messageID), message.conversationID == conversationID else {
                throw StoreError.messageNotFound(id: messageID)
            }
            let lane = try Self.lane(ofMessage: messageID, db)
            try Self.makeCurrent(db, conversationID: conversationID, lane: lane)
            let all = try Self.branches(db, conversationID: conversationID)
            return all.first { Self.lane(of: $0) == lane } ?? all[0]
        }
    }

    /// The explicit parent, or on the first branch the message before on it.
    static func parentID(_ db: Database, of message: Message) throws -> Int64? {
        if let parentID = message.parentID { return parentID }
        return try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id FROM messages WHERE conversation_id = ? AND branch_id IS NULL AND (sent_at, id) < (?, ?)
                    ORDER BY sent_at DESC, id DESC LIMIT 1
                    """), arguments: [message.conversationID, message.sentAt.millisecondsSince1970, message.id])
    }

    /// The ids of the messages that follow `parentID`, oldest first: the next one on its
    /// lane and the first one on each lane forked at it.
    static func children(_ db: Database, of parentID: Int64) throws -> [Int64] {
        guard let parent = try message(db, id: parentID) else { return [] }
        let lane = try lane(ofMessage: parentID, db)
        var ids: [Int64] = []
        let next = try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id FROM messages WHERE conversation_id = ? AND branch_id IS ? AND (sent_at, id) > (?, ?)
                    ORDER BY sent_at, id LIMIT 1
                    """), arguments: [parent.conversationID, lane, parent.sentAt.millisecondsSince1970, parent.id])
        if let next { ids.append(next) }
        let forked = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM branches WHERE fork_message_id = ? ORDER BY id"),
            arguments: [parentID])
        let firstOnLane = try db.cachedStatement(
            sql: """
                SELECT id FROM messages WHERE conversation_id = ? AND branch_id = ?
                ORDER BY sent_at, id LIMIT 1
                """)
        for branch in forked {
            if let id = try Int64.fetchOne(firstOnLane, arguments: [parent.conversationID, branch]) { ids.append(id) }
        }
        return ids.sorted()
    }
}
