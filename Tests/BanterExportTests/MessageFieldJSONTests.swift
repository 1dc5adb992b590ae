import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

/// The declared message fields (`MessageField.all`) in JSON transcripts: written under
/// their keys in sorted order, read back exactly, checked on import, and absent (their
/// defaults) in every file written before them.
@Suite("JSON export and import: declared fields")
struct MessageFieldJSONTests {
    static let time = ReferenceDay.at(dayOffset: 0, 12, 0)

    static let messages: [Message] = [
        Message(id: 1, conversationID: 7, sender: .me, text: "first", sentAt: time),
        Message(
            id: 2, conversationID: 7, sender: .them, text: "second", sentAt: time + .seconds(5),
            fields: .samples(messageID: 1)),
    ]

    static func export(_ messages: [Message] = messages, participants: [Participant] = []) -> String {
        var writer = TranscriptWriter(
            format: .json, conversation: ReferenceTranscript.conversation, participant: ReferenceTranscript.participant,
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now, statusMessageID: nil,
            participants: participants)
        var output = ""
        writer.add(messages, into: &output)
        writer.finish(into: &output)
        return output
    }

    @Test func everyDeclaredFieldRoundTripsThroughExportAndImport() throws {
        let file = Self.export()
        let lines = file.split(separator: "\n").map(String.init)
        #expect(
            !lines[1].contains("participant") && !lines[1].contains("parent"), "a plain message writes no declared key")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        for field in MessageField.all { #expect(object[field.jsonKey] != nil, "\(field.jsonKey) in \(lines[2])") }
        let keys = Self.keys(of: lines[2])
        #expect(keys == keys.sorted(), "keys stay sorted: \(keys)")

        let imported = try TranscriptReader.read(Data(file.utf8))
        #expect(imported.messages[0].fields.isEmpty)
        #expect(imported.messages[1].fields == Self.messages[1].fields)
        #expect(imported.messages[1].sender == Self.messages[1].sender)
        for field in MessageField.all {
            #expect(imported.messages[1].fields[field] == field.sample(messageID: 1), "\(field)")
        }
    }

    /// The top-level keys of one JSON line, in the order written.
    static func keys(of line: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        var afterKey = false
        for character in line {
            if inString {
                if escaped { escaped = false; current.append(character); continue }
                if character == "\\" { escaped = true; current.append(character); continue }
                if character == "\"" {
                    inString = false
                    if depth == 1 && !afterKey { keys.append(current) }
                    continue
                }
                current.append(character)
                continue
            }
            switch character {
            case "\"": inString = true; current = ""
            case "{", "[": depth += 1; afterKey = false
            case "}", "]": depth -= 1
            case ":": afterKey = true
            case ",": afterKey = false
            default: break
            }
        }
        return keys
    }

    @Test func filesWrittenBeforeTheDeclaredFieldsImportWithTheirDefaults() throws {
        for (name, file) in [
            ("version 1", try ReferenceTranscript.legacyFile()), ("version 2", ReferenceTranscript.jsonFile()),
        ] {
            let imported = try TranscriptReader.read(file)
            #expect(!imported.messages.isEmpty, "\(name)")
            #expect(imported.messages.allSatisfy { $0.fields.isEmpty && $0.sender.participant == nil }, "\(name)")
            #expect(imported.participants.isEmpty, "\(name)")
        }
    }

    @Test func aGroupsParticipantsTravelInTheHeader() throws {
        let group = [
            Participant(name: "You", kind: .you), Participant(name: "Triage", initial: "T", color: "#336699"),
            Participant(name: "Bob", kind: .person),
        ]
        let file = Self.export(participants: group)
        let header = String(file.split(separator: "\n")[0])
        #expect(header.contains(#""participants":[{"initial":"Y","kind":"you","name":"You"},"#))
        #expect(try TranscriptReader.read(Data(file.utf8)).participants == group)
        #expect(!Self.export().split(separator: "\n")[0].contains("participants"), "two parties write no list")

        let twice = file.replacingOccurrences(of: #""name":"Bob""#, with: #""name":"You""#)
        #expect(throws: ImportError.self) { try TranscriptReader.read(Data(twice.utf8)) }
        let unknownKind = file.replacingOccurrences(of: #""kind":"person""#, with: #""kind":"robot""#)
        #expect(throws: ImportError.self) { try TranscriptReader.read(Data(unknownKind.utf8)) }
    }

    @Test(arguments: [
        (#""parent":1"#, #""parent":"one""#, "parent"),
        (#""parent":1"#, #""parent":0"#, "a message id is a positive integer"),
        (#""participant":"Triage"#, #""participant":7,"x":"Triage"#, "participant"),
        (#""actions":{"buttons":[{"label":"Yes""#, #""actions":{"buttons":[{"label":"""#, "a button needs a label"),
    ])
    func aBadDeclaredValueNamesItsLineAndWhatIsWrong(original: String, replacement: String, mention: String) throws {
        let file = Self.export().replacingOccurrences(of: original, with: replacement)
        #expect(file.contains(replacement))
        do {
            _ = try TranscriptReader.read(Data(file.utf8))
            Issue.record("\(replacement) was accepted")
        } catch {
            #expect(error.description.contains("line 3"), "\(error.description)")
            #expect(error.description.contains(mention), "\(error.description)")
        }
    }
}
