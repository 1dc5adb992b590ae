import BanterCore
import Foundation

/// Reads a transcript file as it arrives, chunk by chunk, and hands out what it holds as
/// it goes: first the conversation's settings, then its messages. Pure: the caller reads
/// the file and stores the items; memory holds one chunk and one line, whatever the size
/// of the file.
///
/// Two versions of the format exist, told apart by the first line:
/// - version 2 (what `banter export --format json` writes): JSON Lines. The first line is
///   one JSON object, the header, with `"version": 2`; then one message per line; then
///   the closing line `{"end":true,"message_count":N}`. Read line by line; an error names
///   its line and byte offset.
/// - version 1 (written by earlier Banters): one JSON document, usually pretty printed
///   over many lines. Read whole, up to `maximumDocumentBytes`.
public struct TranscriptReader {
    /// What the file holds, in file order.
    public enum Item: Hashable, Sendable {
        /// The conversation's settings: always the first item.
        case conversation(ImportedConversation)
        /// A message, in file order (messages sent at the same millisecond keep it).
        case message(ImportedMessage)
    }

    /// The longest line read: a message of `TranscriptDocument.maximumTextBytes` with every
    /// character written as a `\u` escape fits with room to spare.
    public static let maximumLineBytes = 1 << 20
    /// The largest version 1 document read (it is read whole).
    public static let maximumDocumentBytes = 256 << 20

    private enum Mode {
        /// Before the first line is complete: which version is this?
        case undecided
        case lines
        case document
        case ended
    }

    private var mode = Mode.undecided
    /// The bytes of the line not yet complete (or, in document mode, the whole document).
    private var pending: [UInt8] = []
    /// The number of the line `pending` starts (from 1) and its byte offset (from 0).
    private var line = 1
    private var lineOffset = 0
    private var messageCount = 0
    private let decoder = JSONDecoder()

    public init() {}

    /// Reads one whole file in memory: the entry point for tests and fuzzing, and for
    /// transcripts small enough to hold.
    public static func read(_ data: Data) throws(ImportError) -> ImportedTranscript {
        var reader = TranscriptReader()
        let items = try reader.read(data) + reader.finish()
        var conversation: ImportedConversation?
        var messages: [ImportedMessage] = []
        for item in items {
            switch item {
            case .conversation(let settings): conversation = settings
            case .message(let message): messages.append(message)
            }
        }
        guard let conversation else { throw .notJSON(detail: "the file is empty") }
        return ImportedTranscript(
            title: conversation.title, botScriptPath: conversation.botScriptPath, rules: conversation.rules,
            participant: conversation.participant, messages: messages)
    }

    /// Reads the next bytes of the file and returns the items they complete.
    public mutating func read(_ chunk: Data) throws(ImportError) -> [Item] {
        var items: [Item] = []
        var start = chunk.startIndex
        while start < chunk.endIndex {
            if mode == .document {
                try appendToDocument(chunk[start...])
                return items
            }
            guard let newline = chunk[start...].firstIndex(of: 0x0A) else {
                pending += chunk[start...]
                try checkPendingLength()
                return items
            }
            pending += chunk[start..<newline]
            try checkPendingLength()
            start = chunk.index(after: newline)
            if let item = try completeLine(length: pending.count + 1) { items.append(item) }
        }
        return items
    }

    /// Reads what remains once the file has ended, and checks that it was complete.
    public mutating func finish() throws(ImportError) -> [Item] {
        var items: [Item] = []
        if !pending.isEmpty && mode != .document {
            if let item = try completeLine(length: pending.count) { items.append(item) }
        }
        switch mode {
        case .undecided:
            throw .notJSON(detail: "the file is empty")
        case .document:
            let transcript = try TranscriptDocument.decode(from: Data(pending))
            pending = []
            mode = .ended
            items.append(.conversation(ImportedConversation(transcript)))
            items += transcript.messages.map(Item.message)
        case .lines:
            throw .onLine(line, byteOffset: lineOffset, .cutOff)
        case .ended:
            break
        }
        return items
    }

    // MARK: - Lines

    /// Handles the line now complete in `pending` (`length` bytes with its line break).
    private mutating func completeLine(length: Int) throws(ImportError) -> Item? {
        defer {
            line += 1
            lineOffset += length
        }
        if mode == .undecided { return try firstLine() }
        var bytes = pending[...]
        pending.removeAll(keepingCapacity: true)
        while let last = bytes.last, last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        guard mode == .lines else { throw .onLine(line, byteOffset: lineOffset, .contentAfterEnd) }
        do {
            return try lineItem(Data(bytes))
        } catch {
            throw .onLine(line, byteOffset: lineOffset, error)
        }
    }

    /// A message line, or the closing line (which ends the file).
    private mutating func lineItem(_ data: Data) throws(ImportError) -> Item? {
        if data.range(of: Self.endKey) != nil, let end = try? decoder.decode(EndLine.self, from: data), end.end {
            guard end.messageCount == messageCount else {
                throw .messageCountMismatch(declared: end.messageCount, found: messageCount)
            }
            mode = .ended
            return nil
        }
        let entry = try TranscriptDocument.decodeJSON(TranscriptDocument.MessageEntry.self, from: data, decoder: decoder)
        messageCount += 1
        return .message(try entry.validated(path: "$"))
    }

    /// Tells the version from the first line: a whole JSON object of version 2 is a header
    /// line; anything else starts a version 1 document, read whole.
    private mutating func firstLine() throws(ImportError) -> Item? {
        guard let first = pending.first(where: { ![0x20, 0x09, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            pending.append(0x0A)
            return nil
        }
        guard first == UInt8(ascii: "{") else {
            throw .notJSON(detail: "a transcript starts with \"{\"")
        }
        let data = Data(pending)
        guard let header = try? decoder.decode(TranscriptDocument.Header.self, from: data), header.version != 1 else {
            mode = .document
            pending.append(0x0A)
            return nil
        }
        do {
            try header.check(version: TranscriptHeaderLine.version)
            let headerLine = try TranscriptDocument.decodeJSON(TranscriptHeaderLine.self, from: data, decoder: decoder)
            pending.removeAll(keepingCapacity: true)
            mode = .lines
            return .conversation(
                try ImportedConversation(conversation: headerLine.conversation, participant: headerLine.participant))
        } catch {
            throw .onLine(line, byteOffset: lineOffset, error)
        }
    }

    private mutating func appendToDocument(_ bytes: Data) throws(ImportError) {
        pending += bytes
        guard pending.count <= Self.maximumDocumentBytes else {
            throw .documentTooLarge(limit: Self.maximumDocumentBytes)
        }
    }

    private func checkPendingLength() throws(ImportError) {
        let limit = mode == .undecided ? Self.maximumDocumentBytes : Self.maximumLineBytes
        guard pending.count <= limit else {
            throw .onLine(line, byteOffset: lineOffset, mode == .undecided ? .documentTooLarge(limit: limit) : .lineTooLong(limit: limit))
        }
    }

    private static let endKey = Data("\"end\"".utf8)

    /// The closing line.
    private struct EndLine: Decodable {
        var end: Bool
        var messageCount: Int

        enum CodingKeys: String, CodingKey {
            case end
            case messageCount = "message_count"
        }
    }
}
