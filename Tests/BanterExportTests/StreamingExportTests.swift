import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

/// An export streamed page by page is byte for byte the export of the whole conversation,
/// wherever the pages break: the grouping is decided by the previous message, never by the
/// page.
@Suite("Streaming exports")
struct StreamingExportTests {
    private func streamed(_ export: TranscriptExport, format: ExportFormat, breaks: [Int]) -> String {
        var writer = TranscriptWriter(
            format: format, conversation: export.conversation, participant: export.participant,
            headerFormatter: export.headerFormatter, now: export.now, statusMessageID: export.lastSentID)
        var output = ""
        var start = 0
        for end in breaks + [export.messages.count] {
            writer.add(export.messages[start..<end], into: &output)
            start = end
        }
        writer.finish(into: &output)
        return output
    }

    @Test("a page break anywhere, inside a cluster too, changes nothing", arguments: ExportFormat.allCases)
    func everyBreak(format: ExportFormat) {
        let export = ReferenceTranscript.export()
        let whole = export.rendered(as: format)
        // Messages 2 and 3 (indices 1, 2) are one cluster; 11, 12 and 13 another.
        for index in 0...export.messages.count {
            #expect(streamed(export, format: format, breaks: [index]) == whole, "page break before message \(index)")
        }
        #expect(
            streamed(export, format: format, breaks: Array(0...export.messages.count)) == whole, "one message per page")
        #expect(streamed(export, format: format, breaks: [2, 11, 12]) == whole, "breaks inside clusters")
    }

    @Test("generated conversations in random pages export as a whole does", arguments: ExportFormat.allCases)
    func randomPages(format: ExportFormat) {
        var generator = SeededGenerator(seed: 15)
        var time = ReferenceDay.at(dayOffset: -3, 8, 0).millisecondsSince1970
        let senders: [Sender] = [.me, .them, .system]
        let messages = (1...400).map { id -> Message in
            time += [0, 1000, 15_000, 21_000, 3_600_000, 3_600_001, 90_000_000].randomElement(using: &generator)!
            return Message(
                id: Int64(id), conversationID: 7, sender: senders.randomElement(using: &generator)!, text: "m\(id)",
                sentAt: Timestamp(millisecondsSince1970: time), status: .delivered)
        }
        let export = ReferenceTranscript.export(messages: messages)
        let whole = export.rendered(as: format)
        for _ in 0..<20 {
            let breaks = (0..<Int.random(in: 1...30, using: &generator))
                .map { _ in Int.random(in: 0...messages.count, using: &generator) }.sorted()
            #expect(streamed(export, format: format, breaks: breaks) == whole, "breaks \(breaks)")
        }
    }

    @Test("an empty conversation exports its frame only")
    func empty() throws {
        let export = ReferenceTranscript.export(messages: [])
        #expect(export.rendered(as: .markdown) == "# Alisha \\& me\n")
        #expect(export.rendered(as: .html).hasSuffix("</header>\n</main>\n</body>\n</html>\n"))
        let imported = try TranscriptReader.read(Data(export.rendered(as: .json).utf8))
        #expect(imported.messages.isEmpty)
    }
}
