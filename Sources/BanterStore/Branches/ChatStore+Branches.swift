import BanterCore
import GRDB

/// Branches: forking a conversation at a message, naming and switching branches, and the
/// list `/tree` draws. A fork writes one `branches` row and one `branch_segments` row per
/// branch it descends from, and copies no message (see `BranchPath`).
extension ChatStore {
    /// Starts a new branch of `conversationID` that continues from `messageID` and makes it
    /// the current one: the conversation then shows the messages up to that one (those of
    /// its branch at or before it), and the next message is written on the new branch.
    ///
    /// The bots' memory becomes what it was at that message (`MemoryHistory`): with
    /// `memoryBeforeMessage`, as it was when the message was written, before anyone
    /// answered it (what `/retry` hands the bot again).
    ///
    /// A deleted message or a system line cannot be forked at; nothing changes then.
    @discardableResult
    package func fork(conversationID: Int64, at messageID: Int64, memoryBeforeMessage: Bool = false)
        throws(StoreError) -> Branch
    {
        try write("fork the conversation") { db in
            guard let message = try Self.message(db, id: messageID), message.conversationID == conversationID else {
                throw StoreError.messageNotFound(id: messageID)
            }
            if message.deletedAt != nil { throw StoreError.forkAtDeletedMessage(id: messageID) }
            if message.sender.role == .system { throw StoreError.forkAtSystemLine(id: messageID) }
            let branchID = try Self.insertBranch(db, forkedAt: message)
            let memory = try MemoryHistory.memory(
                db, conversationID: conversationID, lane: Self.lane(ofMessage: messageID, db),
                at: (message.sentAt.millisecondsSince1970, message.id), beforePosition: memoryBeforeMessage)
            try MemoryHistory.startLane(db, conversationID: conversationID, lane: branchID, with: memory)
            try MemoryHistory.makeCurrent(db, conversationID: conversationID, memory)
            try Self.setCurrentBranch(db, conversationID: conversationID, lane: branchID)
            let all = try Self.branches(db, conversationID: conversationID)
            return all[all.count - 1]
        }
    }

    /// Every branch of a conversation, the first one first, then in the order they were
    /// made, with how many messages each wrote (a count of each lane: O(messages), for
    /// `/tree`, not for paging).
    package func branches(conversationID: Int64) throws(StoreError) -> [Branch] {
        try read("list the branches") { db in try Self.branches(db, conversationID: conversationID, counting: true) }
    }

    /// The branch a conversation shows.
    package func currentBranch(conversationID: Int64) throws(StoreError) -> Branch {
        try read("read the current branch") { db in
            let lane = try BranchPath.current(db, conversationID: conversationID).lane
            let all = try Self.branches(db, conversationID: conversationID)
            return all.first { Self.lane(of: $0) == lane } ?? all[0]
        }
    }

    /// Labels the current branch `name` (unique in the conversation; a number is a branch's
    /// number, so it cannot be a name). Nothing changes when the name is taken or invalid.
    package func nameCurrentBranch(conversationID: Int64, name: String) throws(StoreError) -> Branch {
        if let problem = Self.branchNameProblem(name) { throw .invalidBranchName(name: name, reason: problem) }
        return try write("name the branch") { db in
            let all = try Self.branches(db, conversationID: conversationID)
            let lane = try BranchPath.current(db, conversationID: conversationID).lane
            let current = all.first { Self.lane(of: $0) == lane } ?? all[0]
            if let other = all.first(where: { $0.name == name }), other.number != current.number {
                throw StoreError.branchNameTaken(name: name, number: other.number)
            }
            if let storedID = current.storedID {
                try db.cachedStatement(sql: "UPDATE branches SET name = ? WHERE id = ?")
                    .execute(arguments: [name, storedID])
            } else {
                guard try Self.conversationExists(db, id: conversationID) else {
                    throw StoreError.conversationNotFound(id: conversationID)
                }
                try db.cachedStatement(sql: "INSERT INTO branches (conversation_id, name) VALUES (?, ?)")
                    .execute(arguments: [conversationID, name])
            }
            return try Self.branches(db, conversationID: conversationID)[current.number - 1]
        }
    }

    /// Makes the branch `reference` names (a number, as `/tree` shows it, or a name) the
    /// current one. Nothing changes when there is no such branch.
    @discardableResult
    package func switchBranch(conversationID: Int64, to reference: String) throws(StoreError) -> Branch {
        try write("switch branches") { db in
            let all = try Self.branches(db, conversationID: conversationID)
            let found =
                Int(reference).flatMap { number in all.first { $0.number == number } }
                ?? all.first { $0.name == reference }
            guard let found else {
                throw StoreError.branchNotFound(reference: reference, known: all.map(\.displayName))
            }
            try Self.makeCurrent(db, conversationID: conversationID, lane: Self.lane(of: found))
            return found
        }
    }

    /// Every branch (as `branches`) with the id of its first own message, oldest first
    /// (nil for the first branch and for a branch nothing was written on yet), and the
    /// current branch's number: what a JSON export writes so that an import finds each
    /// branch, its label and the current one again.
    package func branchStarts(conversationID: Int64) throws(StoreError) -> (
        branches: [(branch: Branch, firstMessageID: Int64?)], currentNumber: Int
    ) {
        try read("list the branches") { db in
            let all = try Self.branches(db, conversationID: conversationID)
            let lane = try BranchPath.current(db, conversationID: conversationID).lane
            let first = try db.cachedStatement(
                sql: """
                    SELECT id FROM messages WHERE conversation_id = ? AND branch_id IS ?
                    ORDER BY sent_at, id LIMIT 1
                    """)
            let starts = try all.map { branch in
                let lane = Self.lane(of: branch)
                return (branch, try lane.flatMap { try Int64.fetchOne(first, arguments: [conversationID, $0]) })
            }
            return (starts, all.first { Self.lane(of: $0) == lane }?.number ?? 1)
        }
    }

    // MARK: - Helpers

    /// Stores a branch forked at `message` (its row and the segments it shares) and
    /// returns its id, which is also its lane: what `fork` and an import of a tree do. `id`
    /// (an import's, to keep the branches' numbers) is taken when given, else the next one.
    static func insertBranch(_ db: Database, forkedAt message: Message, id: Int64? = nil) throws -> Int64 {
        let lane = try lane(ofMessage: message.id, db)
        let segments = try BranchPath.sharedSegments(db, upTo: message, lane: lane)
        try db.cachedStatement(sql: "INSERT INTO branches (id, conversation_id, fork_message_id) VALUES (?, ?, ?)")
            .execute(arguments: [id, message.conversationID, message.id])
        let branchID = db.lastInsertedRowID
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO branch_segments (branch_id, position, lane, last_message_id, last_sent_at)
                VALUES (?, ?, ?, ?, ?)
                """)
        for (position, segment) in segments.enumerated() {
            guard let last = segment.last else { continue }
            try insert.execute(arguments: [branchID, position, segment.lane, last.id, last.sentAt])
        }
        return branchID
    }

    /// The lane the message `id` was written on (nil: the first branch's).
    static func lane(ofMessage id: Int64, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT branch_id FROM messages WHERE id = ?"), arguments: [id])
    }

    /// What is wrong with `name` as a branch name, or nil.
    static func branchNameProblem(_ name: String) -> String? { Branch.nameProblem(name) }

    /// The lane a branch writes on: nil for the first branch (numbered 1).
    static func lane(of branch: Branch) -> Int64? { branch.forkMessageID == nil ? nil : branch.storedID }

    /// Makes the branch writing on `lane` current, with the memory its bots have there.
    static func makeCurrent(_ db: Database, conversationID: Int64, lane: Int64?) throws {
        try MemoryHistory.makeCurrent(
            db, conversationID: conversationID,
            try MemoryHistory.memory(db, conversationID: conversationID, lane: lane, at: nil))
        try setCurrentBranch(db, conversationID: conversationID, lane: lane)
    }

    static func setCurrentBranch(_ db: Database, conversationID: Int64, lane: Int64?) throws {
        try db.cachedStatement(sql: "UPDATE conversations SET current_branch_id = ? WHERE id = ?")
            .execute(arguments: [lane, conversationID])
        if db.changesCount == 0 { throw StoreError.conversationNotFound(id: conversationID) }
    }

    /// The branches, numbered; `ownMessageCount` is 0 unless `counting`.
    static func branches(_ db: Database, conversationID: Int64, counting: Bool = false) throws -> [Branch] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT id, name, fork_message_id FROM branches WHERE conversation_id = ? ORDER BY id"),
            arguments: [conversationID])
        let statement = try db.cachedStatement(
            sql: "SELECT count(*) FROM messages WHERE conversation_id = ? AND branch_id IS ?")
        func count(_ lane: Int64?) throws -> Int {
            counting ? try Int.fetchOne(statement, arguments: [conversationID, lane]) ?? 0 : 0
        }
        let firstRow = rows.first { ($0[2] as Int64?) == nil }
        var branches = [
            Branch(
                storedID: firstRow?[0], number: 1, name: firstRow?[1], forkMessageID: nil,
                ownMessageCount: try count(nil))
        ]
        let laneOfMessage = try db.cachedStatement(sql: "SELECT branch_id FROM messages WHERE id = ?")
        var numbers: [Int64: Int] = [:]
        for row in rows {
            guard let fork: Int64 = row[2] else { continue }
            let id: Int64 = row[0]
            let parentLane = try Int64?.fetchOne(laneOfMessage, arguments: [fork]) ?? nil
            numbers[id] = branches.count + 1
            branches.append(
                Branch(
                    storedID: id, number: branches.count + 1, name: row[1], forkMessageID: fork,
                    parentNumber: parentLane.map { numbers[$0] ?? 1 } ?? 1, ownMessageCount: try count(id)))
        }
        return branches
    }
}
