import BanterCore
import Foundation

/// The JSON transcript, version 2 (JSON Lines): a header line with the conversation's
/// settings, one line per message in layout order with where it sits in the grouping, and
/// a closing line with the number of messages, which tells a complete file from one cut
/// off at a line break. Each line is one JSON object with sorted keys, so the same
/// conversation always exports to the same bytes. TranscriptFormat.md describes it.
struct JSONLinesFormatter: TranscriptFormatter {
    let header: TranscriptHeaderLine
    /// Where attachments' bytes come from; without one, no `attachment_data` lines are
    /// written (such a file describes its files but cannot be imported).
    let attachments: AttachmentStreamer?

    init(
        conversation: Conversation, participant: Participant, participants: [Participant], timeZone: TimeZone,
        now: Timestamp, statusMessageID: Int64?, attachments: AttachmentStreamer?, branches: [TranscriptBranch]
    ) {
        header = TranscriptHeaderLine(
            conversation: conversation, participant: participant, participants: participants, timeZone: timeZone,
            now: now, statusMessageID: statusMessageID, branches: branches)
        self.attachments = attachments
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

    /// One message line, keys in sorted order, the message kinds' fields only when the
    /// message has them; then its attachment's bytes, `attachment_data` lines of one
    /// stored chunk each.
    func message(
        _ message: Message, position: ClusterPosition, section: String?, showsStatus: Bool, isNewest: Bool,
        into output: inout String
    ) {
        output += "{"
        var declared = DeclaredFields(message)
        declared.append(before: "attachment", to: &output)
        if let attachment = message.attachment {
            output += "\"attachment\":{"
            if let size = attachment.pixelSize { output += "\"height\":\(size.height)," }
            output += "\"name\":"
            JSONText.appendQuoted(attachment.fileName, to: &output)
            output += ",\"size\":\(attachment.byteCount),\"type\":"
            JSONText.appendQuoted(attachment.mediaType, to: &output)
            if let size = attachment.pixelSize { output += ",\"width\":\(size.width)" }
            output += "},"
        }
        if let deletedAt = message.deletedAt { Self.appendTime("deleted_at", deletedAt, to: &output) }
        if let editedAt = message.editedAt { Self.appendTime("edited_at", editedAt, to: &output) }
        declared.append(before: "id", to: &output)
        output += "\"id\":"
        output += String(message.id)
        declared.append(before: "position", to: &output)
        output += ",\"position\":\""
        output += Self.name(of: position)
        output += "\""
        declared.append(before: "quote", to: &output)
        if let quote = message.quote {
            output += ",\"quote\":{\"id\":\(quote.messageID),\"sender\":\"\(quote.sender.role.rawValue)\",\"text\":"
            JSONText.appendQuoted(quote.excerpt, to: &output)
            output += "}"
        }
        declared.append(before: "reactions", to: &output)
        if !message.reactions.isEmpty {
            output += ",\"reactions\":["
            for (index, reaction) in message.reactions.enumerated() {
                output += index == 0 ? "{" : ",{"
                Self.appendTime("at", reaction.reactedAt, to: &output)
                output += "\"emoji\":"
                JSONText.appendQuoted(reaction.emoji, to: &output)
                output += ",\"sender\":\"\(reaction.sender.role.rawValue)\"}"
            }
            output += "]"
        }
        declared.append(before: "section", to: &output)
        if let section {
            output += ",\"section\":"
            JSONText.appendQuoted(section, to: &output)
        }
        declared.append(before: "sender", to: &output)
        output += ",\"sender\":\""
        output += message.sender.role.rawValue
        output += "\",\"sent_at\":\""
        output += ISOTimestamp.format(message.sentAt)
        output += "\",\"sent_at_ms\":"
        output += String(message.sentAt.millisecondsSince1970)
        declared.append(before: "status", to: &output)
        output += ",\"status\":\""
        output += message.status.rawValue
        output += "\""
        declared.append(before: "text", to: &output)
        output += ",\"text\":"
        JSONText.appendQuoted(message.text, to: &output)
        declared.append(before: nil, to: &output)
        output += "}\n"
        if message.attachment != nil, let attachments {
            attachments.stream(
                messageID: message.id, after: &output, prefix: "{\"attachment_data\":\"",
                suffix: "\",\"message_id\":\(message.id)}\n")
        }
    }

    /// The declared fields of one message that are not null (`MessageField.all`), written
    /// in among the built-in keys so that every line keeps its keys sorted.
    private struct DeclaredFields {
        private var pending: ArraySlice<(key: String, value: FieldValue)>

        init(_ message: Message) {
            let fields = message.fields
            pending =
                fields.isEmpty
                ? []
                : ArraySlice(
                    MessageField.allByJSONKey.compactMap { field in
                        let value = fields[field]
                        return value.isNull ? nil : (field.jsonKey, value)
                    })
        }

        /// Writes the pending keys that sort before `key` (all of them for nil): before
        /// "id" each ends with a comma, after it each starts with one, as the built-in
        /// keys around them do.
        mutating func append(before key: String?, to output: inout String) {
            while let next = pending.first, key.map({ next.key < $0 }) ?? true {
                pending.removeFirst()
                let leadingComma = key.map { $0 > "id" } ?? true
                if leadingComma { output += "," }
                JSONText.appendQuoted(next.key, to: &output)
                output += ":"
                switch next.value {
                case .null: output += "null"
                case .boolean(let flag): output += flag ? "true" : "false"
                case .integer(let number): output += String(number)
                case .text(let text): JSONText.appendQuoted(text, to: &output)
                case .json(let json): output += JSONText.escapingUnsafeScalars(json)
                }
                if !leadingComma { output += "," }
            }
        }
    }

    /// `"name":"ISO time","name_ms":milliseconds,` (the keys sort in this order).
    private static func appendTime(_ name: String, _ time: Timestamp, to output: inout String) {
        output += "\"\(name)\":\"\(ISOTimestamp.format(time))\",\"\(name)_ms\":\(time.millisecondsSince1970),"
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
