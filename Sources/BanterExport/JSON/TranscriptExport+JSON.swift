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

    /// The JSON file: sorted keys, pretty printed, ending with a newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(document)
        data.append(0x0A)
        return data
    }

    /// `jsonData()` as text.
    public func jsonString() throws -> String {
        String(decoding: try jsonData(), as: UTF8.self)
    }
}
