import BanterCore
import Foundation

/// The first line of a version 2 transcript: what the file is, the conversation's
/// settings and the other side, and how the grouping in the message lines was shown.
struct TranscriptHeaderLine: Hashable, Sendable, Codable {
    /// Always "banter-transcript".
    var format: String
    /// 2 for JSON Lines.
    var version: Int
    var conversation: TranscriptDocument.ConversationInfo
    var participant: TranscriptDocument.ParticipantInfo
    /// A group's participants (name, initial, colour, kind), in the order they joined;
    /// left out for a two-party conversation.
    var participants: [TranscriptDocument.ParticipantInfo]?
    /// How the grouping was shown at export time; ignored on import.
    var layout: Layout?
    /// Every branch, its label and which one is current; left out for a conversation that
    /// never forked and has no label (and in files written before branches were listed).
    var branches: [TranscriptBranch]?

    /// The version written and read as JSON Lines.
    static let version = 2

    /// The context of the grouping written with each message line.
    struct Layout: Hashable, Sendable, Codable {
        /// The time zone the section headers were formatted in.
        var timeZone: String
        /// The "now" the headers were formatted against ("Today", "Yesterday"), ISO 8601.
        var headersAsOf: String
        /// The message under which the delivery status is shown: the last one the user sent.
        var statusMessageID: Int64?

        enum CodingKeys: String, CodingKey {
            case timeZone = "time_zone"
            case headersAsOf = "headers_as_of"
            case statusMessageID = "status_message_id"
        }
    }

    init(
        conversation: Conversation, participant: Participant, participants: [Participant] = [], timeZone: TimeZone,
        now: Timestamp, statusMessageID: Int64?, branches: [TranscriptBranch] = []
    ) {
        let rules = conversation.rules
        format = TranscriptDocument.formatName
        version = Self.version
        self.conversation = .init(
            title: conversation.title,
            botScript: conversation.botScriptPath,
            rules: .init(
                sectionGap: DurationParser.format(rules.sectionGap),
                sectionGapMilliseconds: rules.sectionGap.wholeMilliseconds,
                clusterGap: DurationParser.format(rules.clusterGap),
                clusterGapMilliseconds: rules.clusterGap.wholeMilliseconds,
                headerPattern: rules.headerPattern))
        self.participant = .init(name: participant.name, initial: participant.initial, color: participant.color)
        self.participants =
            participants.isEmpty
            ? nil
            : participants.map {
                .init(name: $0.name, initial: $0.initial, color: $0.color, kind: $0.kind.rawValue)
            }
        let straight = branches.count <= 1 && branches.allSatisfy { $0.name == nil }
        self.branches = straight ? nil : branches
        layout = Layout(timeZone: timeZone.identifier, headersAsOf: now.description, statusMessageID: statusMessageID)
    }
}
