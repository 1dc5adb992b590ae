import BanterCore
import Foundation

/// Reads a transcript file as it arrives, chunk by chunk, and hands out what it holds as
/// it goes: the conversation's settings, then its messages. Pure: the caller reads the
/// file and stores the items; memory holds one chunk and one line or message, whatever
/// the size of the file.
///
/// Two versions of the format exist, told apart by the first line:
/// - version 2 (what `banter export --format json` writes): JSON Lines. The first line is
///   one JSON object, the header, with `"version": 2`; then one message per line; then
///   the closing line `{"end":true,"message_count":N}`. An error names its line and byte
///   offset.
/// - version 1 (written by earlier Banters): one JSON document, usually pretty printed
///   over many lines. Its messages are read one by one as they arrive too; an error names
///   its JSON path (`$.messages[3].sent_at`).
public struct TranscriptReader {
    /// What the file holds, in file order.
    public enum Item: Hashable, Sendable {
        /// The conversation's settings: always the first item.
        case conversation(ImportedConversation)
        /// The other side, when a version 1 file gives it after its messages (as Banter
        /// wrote them, keys in alphabetical order); it replaces the settings' participant.
        case participant(Participant)
        /// A message, in file order (messages sent at the same millisecond keep it).
        case message(ImportedMessage)
        /// The next piece of the bytes of the last message's attachment, in order.
        case attachmentData(Data)
    }

    /// The longest line (and, in version 1, the largest message) read: a message of
    /// `TranscriptDocument.maximumTextBytes` with every character written as a `\u` escape
    /// fits with room to spare.
    package static let maximumLineBytes = 1 << 20

    private enum Mode {
        /// Before the first line is complete: which version is this?
        case undecided
        case lines
        case document
        case ended
    }

    private var mode = Mode.undecided
    /// The bytes of the line not yet complete.
    private var pending: [UInt8] = []
    /// The number of the line `pending` starts (from 1) and its byte offset (from 0).
    private var line = 1
    private var lineOffset = 0
    private var messageCount = 0
    /// The attachment whose bytes are being read: its message's id in the file, its
    /// declared size and how many bytes came so far.
    private var attachment: (messageID: Int64?, size: Int, received: Int)?
    /// Where the header line is, and the messages its `branches` name that the file has
    /// not reached yet: each branch's first message (with the fork its parent must be)
    /// and the fork of each branch without messages, by id, with the branch's index.
    private var headerPlace = (line: 1, offset: 0)
    private var awaitedFirsts: [Int64: (index: Int, forkID: Int64?)] = [:]
    private var awaitedForks: [Int64: Int] = [:]
    private var document = DocumentScanner()
    private var legacy = LegacyFields()
    private let decoder = JSONDecoder()

    public init() {}

    /// Reads one whole file in memory: the entry point for tests and fuzzing, and for
    /// transcripts small enough to hold. The messages come in layout order (by time, ties
    /// in file order), as the conversation will show them.
    public static func read(_ data: Data) throws(ImportError) -> ImportedTranscript {
        var reader = TranscriptReader()
        let items = try reader.read(data) + reader.finish()
        var conversation: ImportedConversation?
        var messages: [ImportedMessage] = []
        for item in items {
            switch item {
            case .conversation(let settings): conversation = settings
            case .participant(let participant): conversation?.participant = participant
            case .message(let message): messages.append(message)
            case .attachmentData(let data):
                if !messages.isEmpty {
                    messages[messages.count - 1].attachmentContents =
                        (messages.last?.attachmentContents ?? Data()) + data
                }
            }
        }
        guard let conversation, let participant = conversation.participant else {
            throw .notJSON(detail: "the file is empty")
        }
        let ordered = messages.enumerated().sorted { ($0.element.sentAt, $0.offset) < ($1.element.sentAt, $1.offset) }
        return ImportedTranscript(
            title: conversation.title, botScriptPath: conversation.botScriptPath, rules: conversation.rules,
            participant: participant, participants: conversation.participants, branches: conversation.branches,
            messages: ordered.map(\.element))
    }

    /// Reads the next bytes of the file and returns the items they complete.
    public mutating func read(_ chunk: Data) throws(ImportError) -> [Item] {
        var items: [Item] = []
        var start = chunk.startIndex
        while start < chunk.endIndex {
            if mode == .document {
                try scanDocument(chunk[start...], into: &items)
                return items
            }
            guard let newline = Self.newline(in: chunk, from: start) else {
                Self.append(chunk[start...], to: &pending)
                try checkPendingLength(into: &items)
                return items
            }
            Self.append(chunk[start..<newline], to: &pending)
            try checkPendingLength(into: &items)
            start = chunk.index(after: newline)
            if mode == .document {
                // A first line too long to be a header went to the document scanner.
                try scanDocument(Data([0x0A]), into: &items)
                continue
            }
            try completeLine(length: pending.count + 1, into: &items)
        }
        return items
    }

    /// The index of the next line break in `chunk` from `start`: `memchr` over the bytes,
    /// since lines of attachment data are hundreds of kilobytes long.
    private static func newline(in chunk: Data, from start: Data.Index) -> Data.Index? {
        chunk.withUnsafeBytes { buffer -> Data.Index? in
            let offset = start - chunk.startIndex
            guard let base = buffer.baseAddress, offset < buffer.count,
                let found = memchr(base + offset, 0x0A, buffer.count - offset)
            else { return nil }
            return chunk.startIndex + (UnsafeRawPointer(found) - base)
        }
    }

    /// Appends bytes to the pending line in one copy.
    private static func append(_ bytes: Data, to pending: inout [UInt8]) {
        bytes.withUnsafeBytes { pending.append(contentsOf: $0) }
    }

    /// Reads what remains once the file has ended, and checks that it was complete.
    public mutating func finish() throws(ImportError) -> [Item] {
        var items: [Item] = []
        if !pending.isEmpty && mode != .document {
            try completeLine(length: pending.count, into: &items)
        }
        switch mode {
        case .undecided:
            throw .notJSON(detail: "the file is empty")
        case .document:
            guard document.isComplete else {
                throw .notJSON(
                    detail:
                        "the file ends at byte \(document.offset) before the transcript's closing \"}\": it was cut off"
                )
            }
            try legacy.finish(into: &items)
            mode = .ended
        case .lines:
            throw .onLine(line, byteOffset: lineOffset, .cutOff)
        case .ended:
            break
        }
        return items
    }

    // MARK: - Version 2: lines

    /// Handles the line now complete in `pending` (`length` bytes with its line break).
    private mutating func completeLine(length: Int, into items: inout [Item]) throws(ImportError) {
        defer {
            line += 1
            lineOffset += length
        }
        if mode == .undecided { return try firstLine(into: &items) }
        var bytes = pending[...]
        pending.removeAll(keepingCapacity: true)
        while let last = bytes.last, last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        guard mode == .lines else { throw .onLine(line, byteOffset: lineOffset, .contentAfterEnd) }
        do {
            if let item = try lineItem(Data(bytes)) { items.append(item) }
        } catch {
            // A branch of the header whose message never came names the header's line.
            if case .onLine = error { throw error }
            throw .onLine(line, byteOffset: lineOffset, error)
        }
    }

    /// A message line, a piece of an attachment, or the closing line (which ends the file).
    private mutating func lineItem(_ data: Data) throws(ImportError) -> Item? {
        if Self.contains(data, Self.attachmentDataKey),
            let piece = try? decoder.decode(AttachmentDataLine.self, from: data)
        {
            return .attachmentData(try attachmentPiece(piece))
        }
        if data.range(of: Self.endKey) != nil, let end = try? decoder.decode(EndLine.self, from: data), end.end {
            try checkAttachmentComplete()
            guard end.messageCount == messageCount else {
                throw .messageCountMismatch(declared: end.messageCount, found: messageCount)
            }
            try checkBranchesFound()
            mode = .ended
            return nil
        }
        let entry = try TranscriptDocument.decodeJSON(
            TranscriptDocument.MessageEntry.self, from: data, decoder: decoder)
        try checkAttachmentComplete()
        messageCount += 1
        let message = try entry.validated(path: "$")
        try checkBranchStart(message)
        attachment = message.attachment.map { (message.exportedID, $0.byteCount, 0) }
        return .message(message)
    }

    /// Checks a message the header's `branches` names: the first message of a branch
    /// follows the branch's fork.
    private mutating func checkBranchStart(_ message: ImportedMessage) throws(ImportError) {
        guard let id = message.exportedID else { return }
        awaitedForks[id] = nil
        guard let awaited = awaitedFirsts.removeValue(forKey: id) else { return }
        let parent = message.fields[.parent].integer
        guard parent == awaited.forkID else {
            throw .invalidValue(
                path: "$.parent",
                reason: "message \(id) starts branch \(awaited.index + 1) of the header, forked at message "
                    + "\(awaited.forkID.map(String.init) ?? "-"), but its parent is "
                    + "\(parent.map(String.init) ?? "not given"): fix one of them")
        }
    }

    /// Checks, at the closing line, that every message the header's `branches` names was in
    /// the file; the error names the header's line.
    private func checkBranchesFound() throws(ImportError) {
        let missing =
            awaitedFirsts.map { (index: $0.value.index, key: "first_id", id: $0.key) }
            + awaitedForks.map { (index: $0.value, key: "fork_id", id: $0.key) }
        guard let first = missing.min(by: { ($0.index, $0.key) < ($1.index, $1.key) }) else { return }
        throw .onLine(
            headerPlace.line, byteOffset: headerPlace.offset,
            .invalidValue(
                path: "$.branches[\(first.index)].\(first.key)",
                reason: "message \(first.id) is not in the file: a branch is found by its messages' ids in the file"))
    }

    /// One `attachment_data` line's bytes, checked against the message it follows.
    private mutating func attachmentPiece(_ piece: AttachmentDataLine) throws(ImportError) -> Data {
        guard let current = attachment,
            piece.messageID == nil || current.messageID == nil || piece.messageID == current.messageID
        else {
            throw .invalidValue(
                path: "$.attachment_data",
                reason: "attachment bytes must follow the line of their message (the message before has no attachment"
                    + (piece.messageID.map { " or is not message \($0)" } ?? "") + ")")
        }
        guard let bytes = Data(base64Encoded: piece.data) else {
            throw .invalidValue(path: "$.attachment_data", reason: "not base64 text")
        }
        let received = current.received + bytes.count
        guard received <= current.size else {
            throw .invalidValue(
                path: "$.attachment_data", reason: "more bytes than the attachment's size (\(current.size)) says")
        }
        attachment?.received = received
        return bytes
    }

    /// Checks, when the next message (or the end) comes, that the last attachment got all
    /// the bytes its size promised.
    private mutating func checkAttachmentComplete() throws(ImportError) {
        defer { attachment = nil }
        guard let current = attachment, current.received != current.size else { return }
        throw .invalidValue(
            path: "$.attachment_data",
            reason:
                "the attachment of the message before has \(current.received) of its \(current.size) bytes: the file was cut or edited"
        )
    }

    /// Tells the version from the first line: a whole JSON object that is not of version 1
    /// is a header line; anything else starts a version 1 document.
    private mutating func firstLine(into items: inout [Item]) throws(ImportError) {
        guard let first = pending.first(where: { ![0x20, 0x09, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            pending.append(0x0A)
            return
        }
        guard first == UInt8(ascii: "{") else {
            throw .notJSON(detail: "a transcript starts with \"{\"")
        }
        let data = Data(pending)
        guard let header = try? decoder.decode(TranscriptDocument.Header.self, from: data), header.version != 1 else {
            try startDocument(into: &items)
            try scanDocument(Data([0x0A]), into: &items)
            return
        }
        do {
            try header.check(version: TranscriptHeaderLine.version)
            let headerLine = try TranscriptDocument.decodeJSON(TranscriptHeaderLine.self, from: data, decoder: decoder)
            pending.removeAll(keepingCapacity: true)
            mode = .lines
            let participant = try headerLine.participant.validated()
            var settings = try ImportedConversation(conversation: headerLine.conversation, participant: participant)
            settings.participants = try headerLine.participants?.validated() ?? []
            settings.branches = try headerLine.branches?.validated() ?? []
            headerPlace = (line, lineOffset)
            for (index, branch) in settings.branches.enumerated() {
                if let firstID = branch.firstID {
                    awaitedFirsts[firstID] = (index, branch.forkID)
                } else if let forkID = branch.forkID {
                    awaitedForks[forkID] = index
                }
            }
            items.append(.conversation(settings))
        } catch {
            throw .onLine(line, byteOffset: lineOffset, error)
        }
    }

    /// A first line longer than any header is the start of a version 1 document.
    private mutating func checkPendingLength(into items: inout [Item]) throws(ImportError) {
        guard pending.count > Self.maximumLineBytes else { return }
        if mode == .undecided {
            try startDocument(into: &items)
        } else {
            throw .onLine(line, byteOffset: lineOffset, .lineTooLong(limit: Self.maximumLineBytes))
        }
    }

    private static let endKey = Data("\"end\"".utf8)
    /// Bytes rather than `Data`: a `Data` this long lives on the heap behind a pointer that
    /// LeakSanitizer does not follow, so the fuzzer took the global for a leak.
    private static let attachmentDataKey = Array("\"attachment_data\"".utf8)

    /// Whether `needle` occurs in `data`: `memchr` to each place its first byte occurs,
    /// `memcmp` there (a base64 line of attachment data has few candidates).
    private static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        data.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let key = needle.baseAddress, let first = needle.first else {
                    return false
                }
                var offset = 0
                while haystack.count - offset >= needle.count,
                    let found = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1)
                {
                    if memcmp(found, key, needle.count) == 0 { return true }
                    offset = UnsafeRawPointer(found) - base + 1
                }
                return false
            }
        }
    }

    /// A piece of an attachment's bytes, base64, on its own line after its message.
    private struct AttachmentDataLine: Decodable {
        var data: String
        var messageID: Int64?

        enum CodingKeys: String, CodingKey {
            case data = "attachment_data"
            case messageID = "message_id"
        }
    }

    /// The closing line.
    private struct EndLine: Decodable {
        var end: Bool
        var messageCount: Int

        enum CodingKeys: String, CodingKey {
            case end
            case messageCount = "message_count"
        }
    }

    // MARK: - Version 1: one document

    /// Switches to reading a version 1 document, starting with what was buffered.
    private mutating func startDocument(into items: inout [Item]) throws(ImportError) {
        mode = .document
        let buffered = Data(pending)
        pending = []
        try scanDocument(buffered, into: &items)
    }

    private mutating func scanDocument(_ bytes: Data, into items: inout [Item]) throws(ImportError) {
        let (events, failure) = document.scan(bytes)
        for event in events {
            try legacy.handle(event, decoder: decoder, into: &items)
        }
        if let failure { throw failure }
    }
}

/// The top-level fields of a version 1 document, gathered as they arrive. Banter wrote
/// its keys in alphabetical order (conversation, format, layout, messages, participant,
/// version), so the settings come before the messages and the participant and version
/// after them: the import is one transaction, so a wrong version found at the end still
/// leaves nothing behind.
private struct LegacyFields {
    var conversation: TranscriptDocument.ConversationInfo?
    var participantInfo: TranscriptDocument.ParticipantInfo?
    var participant: Participant?
    var sawFormat = false
    var sawVersion = false
    var emittedConversation = false

    mutating func handle(
        _ event: DocumentScanner.Event, decoder: JSONDecoder, into items: inout [TranscriptReader.Item]
    )
        throws(ImportError)
    {
        switch event {
        case .field(let key, let value):
            try field(key, value, decoder: decoder, into: &items)
        case .message(let index, let value):
            let path = "$.messages[\(index)]"
            try emitConversation(into: &items, before: path)
            do throws(ImportError) {
                let entry = try TranscriptDocument.decodeJSON(
                    TranscriptDocument.MessageEntry.self, from: value, decoder: decoder)
                guard entry.attachment == nil else {
                    throw ImportError.invalidValue(
                        path: "$.attachment",
                        reason: "a version 1 transcript cannot carry files: export it again as version 2")
                }
                items.append(.message(try entry.validated(path: "$")))
            } catch {
                throw error.relocated(under: path)
            }
        }
    }

    private mutating func field(
        _ key: String, _ value: Data, decoder: JSONDecoder, into items: inout [TranscriptReader.Item]
    )
        throws(ImportError)
    {
        do throws(ImportError) {
            switch key {
            case "format":
                let format = try TranscriptDocument.decodeJSON(String.self, from: value, decoder: decoder)
                guard format == TranscriptDocument.formatName else {
                    throw ImportError.wrongFormat(found: "\"\(format)\"")
                }
                sawFormat = true
            case "version":
                let version = try TranscriptDocument.decodeJSON(Int.self, from: value, decoder: decoder)
                guard version == 1 else { throw ImportError.unsupportedVersion(version) }
                sawVersion = true
            case "conversation":
                conversation = try TranscriptDocument.decodeJSON(
                    TranscriptDocument.ConversationInfo.self, from: value, decoder: decoder)
            case "participant":
                participantInfo = try TranscriptDocument.decodeJSON(
                    TranscriptDocument.ParticipantInfo.self, from: value, decoder: decoder)
            case "messages":
                throw ImportError.wrongType(path: "$", expected: "an array")
            default:
                break
            }
        } catch {
            throw error.relocated(under: "$.\(key)")
        }
        if key == "participant", let participantInfo {
            // Validation errors name their whole path already.
            let validated = try participantInfo.validated()
            participant = validated
            if emittedConversation { items.append(.participant(validated)) }
        }
    }

    /// Hands out the settings once, before the first message (or at the end).
    private mutating func emitConversation(into items: inout [TranscriptReader.Item], before path: String)
        throws(ImportError)
    {
        guard !emittedConversation else { return }
        guard let conversation else {
            throw .invalidValue(path: path, reason: "\"conversation\" must come before \"messages\" in the file")
        }
        items.append(.conversation(try ImportedConversation(conversation: conversation, participant: participant)))
        emittedConversation = true
    }

    /// Checks, at the end of the file, that every required field was there.
    mutating func finish(into items: inout [TranscriptReader.Item]) throws(ImportError) {
        guard sawFormat else { throw .missingField(path: "$.format") }
        guard sawVersion else { throw .missingField(path: "$.version") }
        guard conversation != nil else { throw .missingField(path: "$.conversation") }
        guard participant != nil else { throw .missingField(path: "$.participant") }
        try emitConversation(into: &items, before: "$")
    }
}
