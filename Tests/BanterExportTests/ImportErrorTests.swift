import Foundation
import Testing

@testable import BanterExport

/// The errors of the version 1 document (its JSON paths); version 2's line errors are in
/// `TranscriptReaderTests`.
@Suite("Import errors")
struct ImportErrorTests {
    /// A valid transcript as a JSON object, for each test to break in one place.
    private func validObject() throws -> [String: Any] {
        let data = try ReferenceTranscript.legacyFile()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func decode(_ object: [String: Any]) throws -> ImportError? {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        do {
            _ = try TranscriptReader.read(data)
            return nil
        } catch {
            return error
        }
    }

    private func decode(text: String) -> ImportError? {
        do {
            _ = try TranscriptReader.read(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    private func editingMessage(_ index: Int, _ edit: (inout [String: Any]) -> Void) throws -> ImportError? {
        var object = try validObject()
        var messages = try #require(object["messages"] as? [[String: Any]])
        edit(&messages[index])
        object["messages"] = messages
        return try decode(object)
    }

    @Test("not JSON")
    func notJSON() throws {
        let error = try #require(decode(text: "# Alisha & me\n\n### Today 14:05"))
        guard case .notJSON = error else { Issue.record("got \(error)"); return }
        #expect(error.description.hasPrefix("the file is not valid JSON"))
    }

    @Test("JSON that is not an object")
    func notAnObject() throws {
        #expect(decode(text: "[1, 2]") == .notJSON(detail: "a transcript starts with \"{\""))
    }

    @Test("wrong format name")
    func wrongFormat() throws {
        var object = try validObject()
        object["format"] = "slack-export"
        let error = try decode(object)
        #expect(error == .wrongFormat(found: "\"slack-export\""))
        #expect(
            error?.description
                == "the file is not a Banter transcript: \"format\" is \"slack-export\", expected \"banter-transcript\""
        )
    }

    @Test("unsupported version, reported before the shape of the rest")
    func unsupportedVersion() throws {
        #expect(
            decode(text: #"{"format": "banter-transcript", "version": 3, "anything": "else"}"#)
                == .onLine(1, byteOffset: 0, .unsupportedVersion(3)))
        // Pretty printed, as Banter wrote version 1, the version is read where it stands.
        let pretty = String(decoding: try ReferenceTranscript.legacyFile(), as: UTF8.self)
            .replacingOccurrences(of: #""version" : 1"#, with: #""version" : 7"#)
        #expect(decode(text: pretty) == .unsupportedVersion(7))
    }

    @Test("a version 1 document cut off anywhere is refused")
    func cutOffDocument() throws {
        let data = try ReferenceTranscript.legacyFile()
        for length in stride(from: 0, to: data.count - 2, by: 97) {
            #expect(decode(text: String(decoding: data.prefix(length), as: UTF8.self)) != nil, "cut at \(length)")
        }
    }

    @Test("missing fields name their JSON path")
    func missingFields() throws {
        var object = try validObject()
        object.removeValue(forKey: "format")
        #expect(try decode(object) == .missingField(path: "$.format"))

        object = try validObject()
        var conversation = try #require(object["conversation"] as? [String: Any])
        var rules = try #require(conversation["rules"] as? [String: Any])
        rules.removeValue(forKey: "header_pattern")
        conversation["rules"] = rules
        object["conversation"] = conversation
        #expect(try decode(object) == .missingField(path: "$.conversation.rules.header_pattern"))

        let error = try editingMessage(3) { $0.removeValue(forKey: "sent_at") }
        #expect(error == .missingField(path: "$.messages[3].sent_at"))
        #expect(error?.description == "missing field $.messages[3].sent_at: a transcript needs it, add it to the file")
    }

    @Test("wrong types name their JSON path and the expected type")
    func wrongTypes() throws {
        #expect(
            try editingMessage(0) { $0["text"] = 42 } == .wrongType(path: "$.messages[0].text", expected: "a string"))
        var object = try validObject()
        object["messages"] = "none"
        #expect(try decode(object) == .wrongType(path: "$.messages", expected: "an array"))
    }

    @Test("invalid sender")
    func invalidSender() throws {
        let error = try editingMessage(2) { $0["sender"] = "bot" }
        #expect(error == .invalidSender(path: "$.messages[2].sender", value: "bot"))
        #expect(
            error?.description == "invalid sender \"bot\" at $.messages[2].sender: use \"me\", \"them\" or \"system\"")
    }

    @Test("invalid status")
    func invalidStatus() throws {
        #expect(
            try editingMessage(4) { $0["status"] = "seen" }
                == .invalidStatus(path: "$.messages[4].status", value: "seen"))
    }

    @Test(
        "invalid times",
        arguments: [
            "yesterday", "2026-02-30T10:00:00Z", "2026-11-20T10:00:00.1234Z", "2026-11-20T10:00:00",
            "2026-11-20 10:00:00Z",
        ])
    func invalidTime(text: String) throws {
        let error = try editingMessage(1) {
            $0["sent_at"] = text
            $0.removeValue(forKey: "sent_at_ms")
        }
        guard case .invalidTime(let path, let value, _) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(path == "$.messages[1].sent_at")
        #expect(value == "\"\(text)\"")
    }

    @Test("sent_at_ms disagreeing with sent_at")
    func disagreeingTime() throws {
        let error = try editingMessage(1) { $0["sent_at_ms"] = 1 }
        guard case .invalidTime(let path, "1", _) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(path == "$.messages[1].sent_at_ms")
    }

    @Test("text over the size limit")
    func textTooLong() throws {
        let limit = TranscriptDocument.maximumTextBytes
        #expect(try editingMessage(0) { $0["text"] = String(repeating: "é", count: limit / 2) } == nil)
        let error = try editingMessage(0) { $0["text"] = String(repeating: "é", count: limit / 2 + 1) }
        #expect(error == .textTooLong(path: "$.messages[0].text", bytes: limit + 2, limit: limit))
    }

    @Test("invalid rules: durations, disagreeing milliseconds, header pattern")
    func invalidRules() throws {
        func editingRules(_ edit: (inout [String: Any]) -> Void) throws -> ImportError? {
            var object = try validObject()
            var conversation = try #require(object["conversation"] as? [String: Any])
            var rules = try #require(conversation["rules"] as? [String: Any])
            edit(&rules)
            conversation["rules"] = rules
            object["conversation"] = conversation
            return try decode(object)
        }
        #expect(
            try editingRules { $0["cluster_gap"] = "soon" }
                == .invalidDuration(path: "$.conversation.rules.cluster_gap", value: "soon"))
        let mismatch = try editingRules { $0["section_gap_ms"] = 60_000 }
        guard case .invalidValue(let path, _) = mismatch else {
            Issue.record("got \(String(describing: mismatch))"); return
        }
        #expect(path == "$.conversation.rules.section_gap_ms")
        let pattern = try editingRules { $0["header_pattern"] = "{dya} {time}" }
        guard case .invalidHeaderPattern(let patternPath, let reason) = pattern else {
            Issue.record("got \(String(describing: pattern))"); return
        }
        #expect(patternPath == "$.conversation.rules.header_pattern")
        #expect(reason.contains("{dya}"))
    }

    @Test("invalid participant and title")
    func invalidSettings() throws {
        var object = try validObject()
        object["participant"] = ["name": "Alisha", "color": "red; background: url(x)"]
        guard case .invalidValue("$.participant.color", _) = try decode(object) else {
            Issue.record("colour accepted"); return
        }
        object["participant"] = ["name": "  "]
        guard case .invalidValue("$.participant.name", _) = try decode(object) else {
            Issue.record("empty name accepted"); return
        }
        object = try validObject()
        var conversation = try #require(object["conversation"] as? [String: Any])
        conversation["title"] = ""
        object["conversation"] = conversation
        guard case .invalidValue("$.conversation.title", _) = try decode(object) else {
            Issue.record("empty title accepted"); return
        }
    }
}
