import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// Export and import of a conversation spanning many pages, through the real binary: the
/// JSON round trip is exact, and a file cut off or wrong near its end leaves the database
/// byte for byte as it was, with the problem's line and byte offset named.
@Suite("Export and import: large transcripts", .serialized)
struct LargeTranscriptTests {
    static let count = 5_000
    /// Small pages, so that the export crosses a page boundary more than a hundred times.
    static let pageSize = "43"

    /// A database with one conversation "big" of `count` generated messages: every sender
    /// and status, bursts (clusters across page breaks), long gaps (sections), equal times,
    /// and texts with quotes, line breaks, controls, emoji and right-to-left text.
    private func generated() throws -> (ChatFixture, String) {
        let fixture = try ChatFixture()
        let path = fixture.path("big.sqlite")
        let store = try ChatStore(path: path)
        let conversation = try store.createConversation(title: "big", createdAt: Timestamp(millisecondsSince1970: 0))
        try store.updateParticipant(Participant(name: "Sam", color: "#336699"), conversationID: conversation.id)
        let senders: [Sender] = [.me, .them, .them, .system]
        let statuses: [DeliveryStatus] = [.sending, .sent, .delivered, .read]
        let texts = [
            "hi", "say \"what\"?\nsecond line", "tab\there \u{1B}[31m", "👨‍👩‍👧‍👦 🇫🇷", "שלום \u{202E}x", "<b>*not*</b> \\ /",
        ]
        var time: Int64 = 1_795_000_000_000
        let gaps: [Int64] = [0, 5_000, 19_000, 25_000, 3_700_000, 90_000_000]
        let messages = (0..<Self.count).map { index in
            time += gaps[(index * 7 + index / 13) % gaps.count]
            return NewMessage(
                conversationID: conversation.id, sender: senders[(index / 3 + index) % senders.count],
                text: "\(index) " + texts[index % texts.count], sentAt: Timestamp(millisecondsSince1970: time),
                status: statuses[index % statuses.count])
        }
        try store.append(contentsOf: messages)
        return (fixture, path)
    }

    private func export(_ db: String, _ conversation: String, format: String = "json", to file: String) throws {
        let result = try BanterBinary.run(
            [
                "export", "--db", db, "--conversation", conversation, "--format", format, "--page-size", Self.pageSize,
                "--time-zone", "UTC", "-o", file,
            ])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// The message lines of a version 2 file without their ids.
    private func messageLines(_ file: String) throws -> [Substring] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
            guard let comma = line.firstIndex(of: ","), line.hasPrefix("{\"id\":") else { return line }
            return line[line.index(after: comma)...]
        }
    }

    @Test("export, import, export: every message identical but for its id, over more than a hundred pages")
    func roundTrip() throws {
        let (fixture, db) = try generated()
        let first = fixture.path("first.json"), second = fixture.path("second.json")
        try export(db, "big", to: first)
        let imported = try BanterBinary.run(["import", first, "--db", db, "--conversation", "copy"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "Imported \(Self.count) messages into \"copy\".\n")
        try export(db, "copy", to: second)
        let original = try messageLines(first), copy = try messageLines(second)
        #expect(original.count == Self.count + 1)
        #expect(original == copy)

        // The other formats agree too (but for the title they show).
        for format in ["markdown", "html"] {
            let a = fixture.path("a.\(format)"), b = fixture.path("b.\(format)")
            try export(db, "big", format: format, to: a)
            try export(db, "copy", format: format, to: b)
            let left = try String(contentsOfFile: a, encoding: .utf8)
            let right = try String(contentsOfFile: b, encoding: .utf8).replacingOccurrences(of: "copy", with: "big")
            #expect(left == right, "\(format)")
        }
    }

    @Test(
        "a file cut off or wrong near its end leaves the database byte-identical",
        arguments: ["cut", "cut at a line break", "malformed", "count"])
    func lateFailure(damage: String) throws {
        let (fixture, db) = try generated()
        let file = fixture.path("big.json")
        try export(db, "big", to: file)
        var lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        let late = Self.count - 500 // the line of message count - 501
        let offset = lines.prefix(late).reduce(0) { $0 + $1.utf8.count + 1 }
        let expected: String
        switch damage {
        case "cut":
            lines = Array(lines.prefix(late)) + [String(lines[late].prefix(40))]
            expected = "line \(late + 1) (byte \(offset)): the file is not valid JSON"
        case "cut at a line break":
            lines = Array(lines.prefix(late)) + [""]
            expected = "line \(late + 1) (byte \(offset)): the file ends without the closing"
        case "malformed":
            lines[late] = lines[late].replacingOccurrences(of: "\"status\":\"", with: "\"status\":\"x")
            expected = "line \(late + 1) (byte \(offset)): invalid status"
        default:
            lines.remove(at: late)
            expected = "the closing line counts \(Self.count) messages but the file holds \(Self.count - 1)"
        }
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)

        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try BanterBinary.run(["import", file, "--db", db, "--conversation", "copy"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("banter: \(file): "), "\(result.standardError)")
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("nothing was imported\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the database changed")
        #expect(try DatabaseCheck(path: db).texts(conversation: "copy").isEmpty)
    }
}
