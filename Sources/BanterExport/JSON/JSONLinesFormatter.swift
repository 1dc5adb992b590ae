import BanterCore
import Foundation

/// The JSON transcript, version 2 (JSON Lines): a header line with the conversation's
/// settings, one line per message in layout order with where it sits in the grouping, and
/// a closing line with the number of messages, which tells a complete file from one cut
/// off at a line break. Each line is one JSON object with sorted keys, so the same
/// conversation always exports to the same bytes. TranscriptFormat.md describes it.
struct JSONLinesFormatter: TranscriptFormatter {
    let header: TranscriptHeaderLine

    init(conversation: Conversation, participant: Participant, timeZone: TimeZone, now: Timestamp, statusMessageID: Int64?) {
        header = TranscriptHeaderLine(
            conversation: conversation, participant: participant, timeZone: timeZone, now: now,
            statusMessageID: statusMessageID)
    }

    func begin(into output: inout String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let encoded = (try? encoder.encode(header)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        output += JSONText.escapingUnsafeScalars(encoded) + "\n"
    }

    func sectionStarted(header: String, startsAt: Timestamp, into output: inout String) {}

    func clusterStarted(sender: Sender, into output: inout String) {}

    func message(
        _ message: Message, position: ClusterPosition, section: String?, showsStatus: Bool, into output: inout String
    ) {
        output += "{\"id\":"
        output += String(message.id)
        output += ",\"position\":\""
        output += Self.name(of: position)
        if let section {
            output += "\",\"section\":"
            JSONText.appendQuoted(section, to: &output)
            output += ",\"sender\":\""
        } else {
            output += "\",\"sender\":\""
        }
        output += message.sender.rawValue
        output += "\",\"sent_at\":\""
        output += ISOTimestamp.format(message.sentAt)
        output += "\",\"sent_at_ms\":"
        output += String(message.sentAt.millisecondsSince1970)
        output += ",\"status\":\""
        output += message.status.rawValue
        output += "\",\"text\":"
        JSONText.appendQuoted(message.text, to: &output)
        output += "}\n"
    }

    func clusterEnded(into output: inout String) {}

    func sectionEnded(into output: inout String) {}

    func end(messageCount: Int, into output: inout String) {
        output += "{\"end\":true,\"message_count\":\(messageCount)}\n"
    }

    private static func name(of position: ClusterPosition) -> String {
        switch position {
        case .single: "single"
        case .first: "first"
        case .middle: "middle"
        case .last: "last"
        }
    }
}
