import BanterCore
import GRDB

/// The messages of one branch, as the parts of the conversation's lanes it is made of: a
/// lane is the messages written on one branch (`messages.branch_id`, NULL for the first
/// branch), and a branch is the lanes it shares with the branches it was forked from, each
/// up to the message it took last from it, then its own lane, whole (see
/// docs/architecture.md, "Branches").
///
/// Paging reads each segment with one range scan of `messages_by_branch`, newest or oldest
/// first, and merges them: a page costs O(segments × page) at any depth and whatever the
/// other branches hold, and no message is ever copied.
struct BranchPath: Sendable {
    /// A part of a lane: its messages up to `last` (in layout order, and written no later
    /// than it), or all of them when `last` is nil.
    struct Segment: Sendable {
        let lane: Int64?
        let last: (sentAt: Int64, id: Int64)?

        /// The exclusive upper position (`(sent_at, id) <`) and the largest id a query on
        /// this segment may return.
        var upperBound: (sentAt: Int64, id: Int64, maximumID: Int64) {
            guard let last else { return (.max, .max, .max) }
            return (last.sentAt, last.id + 1, last.id)
        }
    }

    let conversationID: Int64
    /// Root first; the last is the branch's own lane, whole.
    let segments: [Segment]

    /// Where the branch's new messages are written.
    var lane: Int64? { segments.last?.lane }

    /// The first branch: its lane, whole (every conversation older than branches).
    static func first(conversationID: Int64) -> BranchPath {
        BranchPath(conversationID: conversationID, segments: [Segment(lane: nil, last: nil)])
    }

    /// The branch a conversation shows.
    static func current(_ db: Database, conversationID: Int64) throws -> BranchPath {
        let branchID = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT current_branch_id FROM conversations WHERE id = ?"),
            arguments: [conversationID])
        return try path(db, conversationID: conversationID, branchID: branchID)
    }

    /// The path of the branch stored as `branchID` (nil: the first branch).
    static func path(_ db: Database, conversationID: Int64, branchID: Int64?) throws -> BranchPath {
        guard let branchID,
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT fork_message_id FROM branches WHERE id = ?"), arguments: [branchID])
                != nil
        else { return first(conversationID: conversationID) }
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT lane, last_sent_at, last_message_id FROM branch_segments
                    WHERE branch_id = ? ORDER BY position
                    """), arguments: [branchID])
        let shared = rows.map { row in
            Segment(lane: row[0], last: (row[1], row[2]))
        }
        return BranchPath(conversationID: conversationID, segments: shared + [Segment(lane: branchID, last: nil)])
    }

    /// The segments of a branch forked at `message`, the last message it shares, which was
    /// written on `lane`: the segments `lane`'s own branch shares, then `lane` up to
    /// `message`.
    static func sharedSegments(_ db: Database, upTo message: Message, lane: Int64?) throws -> [Segment] {
        let ancestors = try path(db, conversationID: message.conversationID, branchID: lane).segments.dropLast()
        return ancestors + [Segment(lane: lane, last: (message.sentAt.millisecondsSince1970, message.id))]
    }

    // MARK: - Reading

    /// One segment's messages before a position, newest first. Arguments: conversation id,
    /// lane, the exclusive upper position (sent_at, id), the largest id, limit.
    static let newestSQL = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND branch_id IS ? AND (sent_at, id) < (?, ?) AND id <= ?
        ORDER BY sent_at DESC, id DESC LIMIT ?
        """

    /// `newestSQL` for one sender: its arguments, then the sender's role and participant
    /// (or NULL) before the limit. The segment's index walked newest first until one matches.
    static let newestFromSenderSQL = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND branch_id IS ? AND (sent_at, id) < (?, ?) AND id <= ?
            AND sender = ? AND participant IS ?
        ORDER BY sent_at DESC, id DESC LIMIT ?
        """

    /// One segment's messages between two exclusive positions, oldest first. Arguments:
    /// conversation id, lane, the lower position, the upper position, the largest id, limit.
    static let oldestSQL = """
        SELECT \(MessageRecord.columns) FROM messages
        WHERE conversation_id = ? AND branch_id IS ? AND (sent_at, id) > (?, ?) AND (sent_at, id) < (?, ?)
            AND id <= ?
        ORDER BY sent_at ASC, id ASC LIMIT ?
        """

    /// Up to `limit` messages of the branch before `position` (exclusive; from the newest
    /// when nil), newest first, only `sender`'s when given.
    func newest(_ db: Database, before position: (sentAt: Int64, id: Int64)?, limit: Int, from sender: Sender? = nil)
        throws -> [Message]
    {
        var found: [Message] = []
        for segment in segments {
            var (sentAt, id, maximumID) = segment.upperBound
            if let position, (position.sentAt, position.id) < (sentAt, id) { (sentAt, id) = position }
            var arguments: StatementArguments = [conversationID, segment.lane, sentAt, id, maximumID]
            if let sender { arguments += [sender.role.rawValue, sender.participant] }
            found += try ChatStore.fetchMessages(
                db, sql: sender == nil ? Self.newestSQL : Self.newestFromSenderSQL, arguments: arguments + [limit])
        }
        guard segments.count > 1 else { return found }
        return Array(found.sorted { ($0.sentAt, $0.id) > ($1.sentAt, $1.id) }.prefix(limit))
    }

    /// Up to `limit` messages of the branch after `position` (exclusive; from the first
    /// when nil), oldest first.
    func oldest(_ db: Database, after position: (sentAt: Int64, id: Int64)?, limit: Int) throws -> [Message] {
        let lower = position ?? (.min, .min)
        var found: [Message] = []
        for segment in segments {
            let upper = segment.upperBound
            found += try ChatStore.fetchMessages(
                db, sql: Self.oldestSQL,
                arguments: [
                    conversationID, segment.lane, lower.sentAt, lower.id, upper.sentAt, upper.id, upper.maximumID,
                    limit,
                ])
        }
        guard segments.count > 1 else { return found }
        return Array(found.sorted { ($0.sentAt, $0.id) < ($1.sentAt, $1.id) }.prefix(limit))
    }
}
