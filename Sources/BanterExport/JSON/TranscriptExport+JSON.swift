import BanterCore
import Foundation

extension TranscriptExport {
    /// The transcript as the JSON format's value.
    public var document: TranscriptDocument {
        let rules = conversation.rules
        return TranscriptDocument(
            conversation: .init(
                title: conversation.title,
                botScript: conversation.botScriptPath,
                rules: .init(
                    sectionGap: DurationParser.format(rules.sectionGap),
                    sectionGapMilliseconds: rules.sectionGap.wholeMilliseconds,
                    clusterGap: DurationParser.format(rules.clusterGap),
                    clusterGapMilliseconds: rules.clusterGap.wholeMilliseconds,
                    headerPattern: rules.headerPattern
                )
            ),
            participant: .init(name: participant.name, initial: participant.initial, color: participant.color),
            messages: messages.map { message in
                .init(
                    id: message.id, sender: message.sender.rawValue, text: message.text,
                    sentAt: message.sentAt.description, sentAtMilliseconds: message.sentAt.millisecondsSince1970,
                    status: message.status.rawValue
                )
            },
            layout: .init(
                timeZone: headerFormatter.timeZone.identifier,
                headersAsOf: now.description,
                statusMessageID: lastSentID,
                sections: sections.map { section in
                    .init(
                        header: section.header, startsAt: section.startsAt.description,
                        clusters: section.clusters.map { .init(sender: $0.sender.rawValue, messageIDs: $0.messages.map(\.id)) }
                    )
                }
            )
        )
    }

    /// The JSON file: sorted keys, pretty printed, ending with a newline. Besides what JSON
    /// requires, DEL, C1 controls, line separators and bidi controls are written as `\u`
    /// escapes, so that showing the file in a terminal or an editor is as safe as the
    /// transcript itself; the text still reads back exactly.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode(document), as: UTF8.self)
        var output = String()
        output.reserveCapacity(encoded.utf8.count + 1)
        for scalar in encoded.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\n"
        return Data(output.utf8)
    }

    /// `jsonData()` as text.
    public func jsonString() throws -> String {
        String(decoding: try jsonData(), as: UTF8.self)
    }
}
