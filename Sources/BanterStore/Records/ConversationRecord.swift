import BanterCore
import GRDB

/// Reads a row of the `conversations` table into a Core `Conversation`, plus the read marker
/// that the Core model does not carry.
struct ConversationRecord: FetchableRecord {
    /// The columns every conversation query selects, in decoding order.
    static let columns = """
        id, title, bot_script_path, section_gap_ms, cluster_gap_ms, header_pattern, created_at, \
        last_read_message_id, participant_name, participant_initial, participant_color
        """

    let conversation: Conversation
    /// The newest message the user has seen, if any.
    let lastReadMessageID: Int64?

    init(row: Row) throws {
        let rules = GroupingRules(
            sectionGap: .milliseconds(try row.decode(Int64.self, atIndex: 3)),
            clusterGap: .milliseconds(try row.decode(Int64.self, atIndex: 4)),
            headerPattern: try row.decode(atIndex: 5)
        )
        var participant: Participant?
        if let name = try row.decode(String?.self, atIndex: 8) {
            participant = Participant(
                name: name, initial: try row.decode(String?.self, atIndex: 9),
                color: try row.decode(String?.self, atIndex: 10))
        }
        conversation = Conversation(
            id: try row.decode(atIndex: 0),
            title: try row.decode(atIndex: 1),
            botScriptPath: try row.decode(atIndex: 2),
            rules: rules,
            createdAt: Timestamp(millisecondsSince1970: try row.decode(atIndex: 6)),
            participant: participant
        )
        lastReadMessageID = try row.decode(atIndex: 7)
    }
}
