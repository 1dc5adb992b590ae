import BanterCore
import Foundation

/// Reads a WhatsApp "Export chat" text (`_chat.txt`, `WhatsApp Chat with NAME.txt`) as it
/// streams in: every line with a stamp starts a message, the lines after it continue it.
/// Pure: it is handed the text's bytes and hands out messages and problems in file order,
/// holding one message at a time whatever the length of the chat.
///
/// It needs the file's `DateOrder`, which only the whole file tells: `WhatsAppSurvey` reads
/// the file once before it.
struct WhatsAppParser {
    /// The longest text kept for one message, in UTF-8 bytes (as a Banter transcript's).
    static let maximumTextBytes = 65_536

    private let file: String
    private let order: DateOrder
    private var clock: ZoneClock
    private var lines = LineSplitter()
    /// The message being read, which the next lines may continue.
    private var current: HistoryMessage?
    private var currentBytes = 0
    private var currentCut = false
    private var records: [HistoryRecord] = []

    /// `file` is the name reports give the text; times are read in `zone`.
    init(file: String, order: DateOrder, zone: TimeZone) {
        self.file = file
        self.order = order
        self.clock = ZoneClock(zone: zone)
    }

    /// Reads the next bytes of the text and returns what they complete.
    mutating func read(_ chunk: Data) -> [HistoryRecord] {
        var splitter = lines
        lines = LineSplitter()
        splitter.feed(chunk) { bytes, number in take(bytes, line: number) }
        lines = splitter
        return takeRecords()
    }

    /// Returns what remains once the text has ended.
    mutating func finish() -> [HistoryRecord] {
        var splitter = lines
        lines = LineSplitter()
        splitter.finish { bytes, number in take(bytes, line: number) }
        complete()
        return takeRecords()
    }

    private mutating func takeRecords() -> [HistoryRecord] {
        defer { records.removeAll(keepingCapacity: true) }
        return records
    }

    private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
        let location = HistoryLocation(file: file, line: line)
        let text = String(validating: bytes, as: UTF8.self)
        if text == nil {
            records.append(
                .problem(
                    HistoryProblem(location, "the line is not UTF-8 text: its bad bytes are kept as \u{FFFD}")))
        }
        guard let stamp = WhatsAppStamp.parse(bytes) else {
            continueMessage(with: text ?? String(decoding: bytes, as: UTF8.self), at: location)
            return
        }
        guard let date = order.date(stamp), date.isValid else {
            complete()
            records.append(
                .problem(
                    HistoryProblem(
                        location,
                        "\(stamp.first)/\(stamp.middle)/\(stamp.last) is not a date in \(order.example) order: the line is left out"
                    )))
            return
        }
        guard let hour = stamp.hourOfDay, stamp.minute < 60, stamp.seconds < 60 else {
            complete()
            records.append(.problem(HistoryProblem(location, "the time is not a time of day: the line is left out")))
            return
        }
        complete()
        let sentAt = clock.timestamp(date, hour: hour, minute: stamp.minute, second: stamp.seconds)
        let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[stamp.bodyStart...]), as: UTF8.self)
        let parsed = WhatsAppLine(body: body[...], bracketed: stamp.bracketed)
        var message = HistoryMessage(author: parsed.author, text: "", sentAt: sentAt, location: location)
        message.file = parsed.file
        message.mediaOmitted = parsed.mediaOmitted
        message.isDeleted = parsed.isDeleted
        current = message
        currentBytes = 0
        currentCut = false
        if parsed.file != nil {
            current?.fileMention = parsed.text
        } else {
            append(parsed.text, separator: false)
        }
    }

    /// A line without a stamp: the next line of the message being read, or, before the
    /// first message, text that belongs to none.
    private mutating func continueMessage(with text: String, at location: HistoryLocation) {
        guard current != nil else {
            if !text.allSatisfy(\.isWhitespace) {
                records.append(
                    .problem(
                        HistoryProblem(
                            location,
                            "text before the first message, without a date and time: the line is left out")))
            }
            return
        }
        append(text, separator: true)
    }

    private mutating func append(_ text: String, separator: Bool) {
        guard var message = current, !currentCut else { return }
        let separator = separator && !message.text.isEmpty
        let added = text.utf8.count + (separator ? 1 : 0)
        guard currentBytes + added <= Self.maximumTextBytes else {
            currentCut = true
            records.append(
                .problem(
                    HistoryProblem(
                        message.location,
                        "the message is longer than \(Self.maximumTextBytes) bytes: its text is cut there")))
            return
        }
        current = nil
        if separator { message.text.append("\n") }
        message.text.append(text)
        currentBytes += added
        current = message
    }

    /// Hands out the message being read, its text complete.
    private mutating func complete() {
        guard var message = current else { return }
        current = nil
        if WhatsAppLine.removingEditedMark(&message.text) { message.isEdited = true }
        if message.isDeleted { message.text = "" }
        records.append(.message(message))
    }
}
