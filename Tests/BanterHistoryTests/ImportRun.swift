import BanterStore
import BanterTestSupport
import Foundation
import Testing
import ZIPFoundation

@testable import BanterCore
@testable import BanterHistory

/// One import of an export into a fresh store, and what it left: the conversation, its
/// messages oldest first, the problems reported and the summary.
struct ImportRun {
    let folder: TemporaryFolder
    let store: ChatStore
    let summary: HistoryImportSummary
    let problems: [HistoryProblem]
    let conversation: Conversation
    let messages: [Message]
    let participants: [Participant]
    let textName: String
    let zone: TimeZone
    let seconds: Bool

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/WhatsApp/\(name)")
            .path
    }

    init(fixture: String, me: String?, zone: String, order: DateOrder? = nil, seconds: Bool = false) throws {
        try self.init(path: Self.fixture(fixture), me: me, zone: zone, order: order, seconds: seconds)
    }

    init(
        path: String, format: HistoryFormat = .whatsapp, me: String?, zone: String, order: DateOrder? = nil,
        seconds: Bool = false, channel: String? = nil
    ) throws {
        folder = try TemporaryFolder()
        store = try ChatStore(path: folder.file("chat.db"))
        self.zone = TimeZone(identifier: zone)!
        self.seconds = seconds
        let export = try format.export(at: path)
        textName = export.textName
        var problems: [HistoryProblem] = []
        summary = try HistoryImporter.importHistory(
            format, export, into: store,
            options: HistoryImportOptions(me: me, dateOrder: order, zone: self.zone, channel: channel)
        ) { problems.append($0) }
        self.problems = problems
        conversation = try #require(try store.conversation(titled: summary.title))
        var cursor = store.cursor(conversationID: conversation.id)
        var messages: [Message] = []
        while let page = try cursor.next() { messages += page }
        self.messages = messages
        participants = try store.participants(conversationID: conversation.id)
    }

    /// The messages as rows: side, local time, text and flags.
    var rows: [Row] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = seconds ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd HH:mm"
        return messages.map {
            Row(
                $0.sender.role, formatter.string(from: $0.sentAt.date), $0.text, deleted: $0.isDeleted,
                edited: $0.isEdited)
        }
    }
}

/// A message as a fixture's expectation states it.
struct Row: Hashable, CustomStringConvertible {
    var role: Sender.Role
    var time: String
    var text: String
    var deleted = false
    var edited = false

    init(_ role: Sender.Role, _ time: String, _ text: String, deleted: Bool = false, edited: Bool = false) {
        self.role = role
        self.time = time
        self.text = text
        self.deleted = deleted
        self.edited = edited
    }

    var description: String {
        "\(role) \(time) \(text.debugDescription)\(deleted ? " deleted" : "")\(edited ? " edited" : "")"
    }
}

/// A PNG's first bytes: the signature and the IHDR chunk that holds its size.
enum TestPicture {
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 2, 0, 0, 0, 0, 0, 0, 0]
        bytes += [UInt8](repeating: 0xAB, count: 300_000)
        return Data(bytes)
    }
}

/// Writes a zip as WhatsApp shares one.
enum TestZip {
    static func make(at path: String, files: [String: Data]) throws -> String {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create, pathEncoding: nil)
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return path
    }
}
