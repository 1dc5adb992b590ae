import BanterCore
import BanterExport
import Foundation
import Testing

@Suite("JSON export and import")
struct JSONRoundTripTests {
    @Test("export then import gives the same messages, rules, participant and settings")
    func roundTrip() throws {
        let export = ReferenceTranscript.export()
        let imported = try TranscriptDocument.decode(from: try export.jsonData())
        #expect(imported.title == "Alisha & me")
        #expect(imported.botScriptPath == "examples/bots/alisha.lua")
        #expect(imported.rules == GroupingRules())
        #expect(imported.participant == ReferenceTranscript.participant)
        let expected = ReferenceTranscript.messages.map {
            ImportedMessage(sender: $0.sender, text: $0.text, sentAt: $0.sentAt, status: $0.status)
        }
        #expect(imported.messages == expected)
    }

    @Test("custom rules, odd durations and a conversation without a bot survive the round trip")
    func customRules() throws {
        let rules = GroupingRules(
            sectionGap: .milliseconds(5_400_001), clusterGap: .milliseconds(1500), headerPattern: "{weekday}, {time12}"
        )
        var conversation = ReferenceTranscript.conversation
        conversation.rules = rules
        conversation.botScriptPath = nil
        let export = ReferenceTranscript.export(conversation: conversation)
        let document = export.document
        #expect(document.conversation.rules.sectionGap == "1h30m1ms")
        #expect(document.conversation.rules.sectionGapMilliseconds == 5_400_001)
        #expect(document.conversation.rules.clusterGap == "1s500ms")
        let imported = try TranscriptDocument.decode(from: try export.jsonData())
        #expect(imported.rules == rules)
        #expect(imported.botScriptPath == nil)
        #expect(!(try export.jsonString()).contains("bot_script"))
    }

    @Test("messages sent at the same millisecond keep their order through an import")
    func tiesKeepOrder() throws {
        let time = ReferenceTranscript.at(dayOffset: 0, 12, 0)
        let messages = (1...4).map { Message(id: Int64(10 - $0), conversationID: 7, sender: .them, text: "m\($0)", sentAt: time) }
        let export = ReferenceTranscript.export(messages: messages)
        #expect(export.messages.map(\.text) == ["m4", "m3", "m2", "m1"])
        let imported = try TranscriptDocument.decode(from: try export.jsonData())
        #expect(imported.messages.map(\.text) == ["m4", "m3", "m2", "m1"])
    }

    @Test("the layout lists the product's sections and clusters by message id")
    func layoutMatchesGrouping() throws {
        let export = ReferenceTranscript.export()
        let layout = try #require(export.document.layout)
        #expect(layout.sections.map(\.header) == ["Yesterday 09:59", "Today 14:05", "Today 19:30"])
        #expect(layout.sections.map { $0.clusters.map(\.messageIDs) } == [
            [[1], [2, 3], [4, 5]],
            [[6, 7, 8], [9, 10], [11, 12, 13], [14]],
            [[15, 16]],
        ])
        #expect(layout.statusMessageID == 16)
        #expect(layout.timeZone == ReferenceTranscript.formatter.timeZone.identifier)
        #expect(layout.headersAsOf == "2026-11-20T20:00:00.000Z")
    }

    @Test("the file states its format and version, times in ISO 8601 and milliseconds, raw text escaped by JSON")
    func fileShape() throws {
        let json = try ReferenceTranscript.export().jsonString()
        #expect(json.contains(#""format" : "banter-transcript""#))
        #expect(json.contains(#""version" : 1"#))
        #expect(json.contains(#""sent_at" : "2026-11-19T09:59:00.000Z""#))
        #expect(json.contains(#""sent_at_ms" : 1795082340000"#))
        #expect(json.contains(#""section_gap" : "1h""#))
        #expect(json.contains(#""cluster_gap_ms" : 20000"#))
        #expect(json.contains(#"\u001b[31m"#))
        #expect(json.contains(#"CSI \u009b2J"#))
        #expect(json.contains(#"bidi \u202egnp.exe\u202c done"#))
        #expect(!json.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(!json.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        // Sorted keys: two exports are byte-identical.
        #expect(try ReferenceTranscript.export().jsonData() == (try ReferenceTranscript.export().jsonData()))
    }

    @Test("a hand-written file with only the required fields imports, offsets and short fractions included")
    func minimalFile() throws {
        let json = """
        {"format": "banter-transcript", "version": 1,
         "conversation": {"title": "hand", "rules": {"section_gap": "2h", "cluster_gap": "30s", "header_pattern": "{date} {time}"}},
         "participant": {"name": "Sam"},
         "messages": [
           {"sender": "them", "text": "later", "sent_at": "2026-11-20T15:00:00.5+01:00"},
           {"sender": "me", "text": "earlier", "sent_at": "2026-11-20T13:59:59Z", "status": "read"}
         ]}
        """
        let imported = try TranscriptDocument.decode(from: Data(json.utf8))
        #expect(imported.participant == Participant(name: "Sam"))
        #expect(imported.rules == GroupingRules(sectionGap: .seconds(7200), clusterGap: .seconds(30), headerPattern: "{date} {time}"))
        #expect(imported.messages == [
            ImportedMessage(sender: .me, text: "earlier", sentAt: Timestamp(millisecondsSince1970: 1_795_183_199_000), status: .read),
            ImportedMessage(sender: .them, text: "later", sentAt: Timestamp(millisecondsSince1970: 1_795_183_200_500), status: .sent),
        ])
    }
}
