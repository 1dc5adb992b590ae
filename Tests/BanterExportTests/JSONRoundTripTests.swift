import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

@Suite("JSON export and import")
struct JSONRoundTripTests {
    /// Each line of a version 2 file as a JSON object.
    private func lines(_ data: Data) throws -> [[String: Any]] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("export then import gives the same messages, rules, participant and settings")
    func roundTrip() throws {
        let imported = try TranscriptReader.read(ReferenceTranscript.jsonFile())
        #expect(imported.title == "Alisha & me")
        #expect(imported.botScriptPath == "examples/bots/alisha.lua")
        #expect(imported.rules == GroupingRules())
        #expect(imported.participant == ReferenceTranscript.participant)
        let expected = ReferenceTranscript.messages.map {
            ImportedMessage(sender: $0.sender, text: $0.text, sentAt: $0.sentAt, status: $0.status, exportedID: $0.id)
        }
        #expect(imported.messages == expected)
    }

    @Test("a version 1 file, as Banter wrote it before JSON Lines, imports the same")
    func legacyFile() throws {
        let legacy = try TranscriptReader.read(try ReferenceTranscript.legacyFile())
        #expect(legacy == (try TranscriptReader.read(ReferenceTranscript.jsonFile())))
    }

    @Test("custom rules, odd durations and a conversation without a bot survive the round trip")
    func customRules() throws {
        let rules = GroupingRules(
            sectionGap: .milliseconds(5_400_001), clusterGap: .milliseconds(1500), headerPattern: "{weekday}, {time12}"
        )
        var conversation = ReferenceTranscript.conversation
        conversation.rules = rules
        conversation.botScriptPath = nil
        let file = ReferenceTranscript.jsonFile(conversation: conversation)
        let header = try #require(try lines(file).first)
        let writtenRules = try #require((header["conversation"] as? [String: Any])?["rules"] as? [String: Any])
        #expect(writtenRules["section_gap"] as? String == "1h30m1ms")
        #expect(writtenRules["section_gap_ms"] as? Int == 5_400_001)
        #expect(writtenRules["cluster_gap"] as? String == "1s500ms")
        let imported = try TranscriptReader.read(file)
        #expect(imported.rules == rules)
        #expect(imported.botScriptPath == nil)
        #expect(!String(decoding: file, as: UTF8.self).contains("bot_script"))
    }

    @Test("messages sent at the same millisecond keep their order through an import")
    func tiesKeepOrder() throws {
        let time = ReferenceDay.at(dayOffset: 0, 12, 0)
        let messages = (1...4).map {
            Message(id: Int64(10 - $0), conversationID: 7, sender: .them, text: "m\($0)", sentAt: time)
        }
        #expect(ReferenceTranscript.export(messages: messages).messages.map(\.text) == ["m4", "m3", "m2", "m1"])
        let imported = try TranscriptReader.read(ReferenceTranscript.jsonFile(messages: messages))
        #expect(imported.messages.map(\.text) == ["m4", "m3", "m2", "m1"])
    }

    @Test("each message line says where it sits: its cluster position and, opening a section, the header")
    func layoutMatchesGrouping() throws {
        let all = try lines(ReferenceTranscript.jsonFile())
        let header = try #require(all.first)
        let layout = try #require(header["layout"] as? [String: Any])
        #expect(layout["status_message_id"] as? Int == 16)
        #expect(layout["time_zone"] as? String == ReferenceDay.formatter.timeZone.identifier)
        #expect(layout["headers_as_of"] as? String == "2026-11-20T20:00:00.000Z")

        let messages = all.dropFirst().dropLast()
        #expect(messages.compactMap { $0["section"] as? String } == ["Yesterday 09:59", "Today 14:05", "Today 19:30"])
        // Clusters rebuilt from the positions: a cluster ends at "single" or "last".
        var clusters: [[Int]] = [], open: [Int] = []
        for line in messages {
            open.append(try #require(line["id"] as? Int))
            if ["single", "last"].contains(line["position"] as? String) {
                clusters.append(open)
                open = []
            }
        }
        #expect(clusters == [[1], [2, 3], [4, 5], [6, 7, 8], [9, 10], [11, 12, 13], [14], [15, 16]])
        #expect(all.last?["end"] as? Bool == true)
        #expect(all.last?["message_count"] as? Int == 16)
    }

    @Test("one JSON object per line: format and version first, ISO 8601 and milliseconds, unsafe text escaped")
    func fileShape() throws {
        let json = String(decoding: ReferenceTranscript.jsonFile(), as: UTF8.self)
        let first = try #require(json.split(separator: "\n").first)
        #expect(first.contains(#""format":"banter-transcript""#))
        #expect(first.contains(#""version":2"#))
        #expect(json.contains(#""sent_at":"2026-11-19T09:59:00.000Z","sent_at_ms":1795082340000"#))
        #expect(json.contains(#"\u001b[31m"#))
        #expect(json.contains(#"CSI \u009b2J"#))
        #expect(json.contains(#"bidi \u202egnp.exe\u202c done"#))
        #expect(json.contains(#""text":"line one\nline two""#))
        #expect(!json.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(
            !json.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })
        #expect(json.hasSuffix("{\"end\":true,\"message_count\":16}\n"))
        #expect(ReferenceTranscript.jsonFile() == ReferenceTranscript.jsonFile())
    }

    @Test("a hand-written version 1 file with only the required fields imports, offsets and short fractions included")
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
        let imported = try TranscriptReader.read(Data(json.utf8))
        #expect(imported.participant == Participant(name: "Sam"))
        #expect(
            imported.rules
                == GroupingRules(sectionGap: .seconds(7200), clusterGap: .seconds(30), headerPattern: "{date} {time}"))
        #expect(
            imported.messages == [
                ImportedMessage(
                    sender: .me, text: "earlier", sentAt: Timestamp(millisecondsSince1970: 1_795_183_199_000),
                    status: .read),
                ImportedMessage(
                    sender: .them, text: "later", sentAt: Timestamp(millisecondsSince1970: 1_795_183_200_500),
                    status: .sent),
            ])
    }

    @Test("a hand-written version 2 file: the required fields only, spaces, CRLF and blank lines")
    func minimalLines() throws {
        let json = """
            { "format": "banter-transcript", "version": 2, "participant": {"name": "Sam"},\r
              "conversation": {"title": "hand", "rules": {"section_gap": "2h", "cluster_gap": "30s", "header_pattern": "{time}"}} }\r

            {"sender": "me", "text": "hi", "sent_at": "2026-11-20T13:59:59Z"}\r
            { "end": true, "message_count": 1 }

            """.replacingOccurrences(of: "},\r\n  \"conversation", with: "}, \"conversation")
        let imported = try TranscriptReader.read(Data(json.utf8))
        #expect(imported.title == "hand")
        #expect(
            imported.messages == [
                ImportedMessage(
                    sender: .me, text: "hi", sentAt: Timestamp(millisecondsSince1970: 1_795_183_199_000), status: .sent)
            ])
    }
}
