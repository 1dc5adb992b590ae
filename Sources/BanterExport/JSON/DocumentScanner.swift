import Foundation

/// Walks a version 1 transcript (one JSON object) as its bytes arrive, without holding it:
/// it hands out each top-level field's value and each element of `messages` as the raw
/// bytes of one JSON value, for `JSONDecoder` to read. `layout` (derived data, as long as
/// the messages) is skipped unread. Other apps' JSON exports of the same shape (Telegram's
/// `result.json`: an object whose `messages` array is the long part) are walked with it too,
/// by `BanterHistory`.
package struct DocumentScanner {
    package enum Event {
        /// A top-level field other than `messages` and `layout`, with its value's bytes.
        case field(key: String, value: Data)
        /// The element of `messages` at `index`.
        case message(index: Int, value: Data)
    }

    /// The largest value captured (a field or one message), as for a version 2 line.
    static let maximumValueBytes = TranscriptReader.maximumLineBytes

    private enum State {
        case beforeObject, beforeKey, inKey, beforeColon, beforeValue, inValue, afterValue
        case beforeElement, inElement, afterElement, done
    }

    private var state = State.beforeObject
    private var key: [UInt8] = []
    private var value: [UInt8] = []
    /// Whether the value being read is kept (`layout` is not).
    private var keeping = true
    private var messageIndex = 0
    private var tracker = ValueTracker()
    /// Bytes read so far, for errors.
    package private(set) var offset = 0

    package var isComplete: Bool { state == .done }

    package init() {}

    /// Reads the next bytes and returns what they complete, and the error that stopped the
    /// scan, if one did. The events before the error come too: the reader handles them
    /// first, so the first error a file has is reported however its bytes are chunked.
    package mutating func scan(_ bytes: Data) -> (events: [Event], failure: ImportError?) {
        var events: [Event] = []
        var failure: ImportError?
        bytes.withUnsafeBytes { buffer in
            for byte in buffer {
                do throws(ImportError) {
                    try step(byte, into: &events)
                } catch {
                    failure = error
                    return
                }
                offset += 1
            }
        }
        return (events, failure)
    }

    private mutating func step(_ byte: UInt8, into events: inout [Event]) throws(ImportError) {
        let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        switch state {
        case .beforeObject:
            if isSpace || (offset < 3 && [0xEF, 0xBB, 0xBF].contains(byte)) { return }
            guard byte == UInt8(ascii: "{") else { throw notJSON("a transcript starts with \"{\"") }
            state = .beforeKey
        case .beforeKey:
            if isSpace || byte == UInt8(ascii: ",") { return }
            if byte == UInt8(ascii: "}") { state = .done; return }
            guard byte == UInt8(ascii: "\"") else { throw notJSON("expected a field name") }
            key = [byte]
            tracker = ValueTracker()
            _ = tracker.feed(byte)
            state = .inKey
        case .inKey:
            key.append(byte)
            if tracker.feed(byte) == .endsHere { state = .beforeColon }
            guard key.count <= 1024 else { throw notJSON("a field name is too long") }
        case .beforeColon:
            if isSpace { return }
            guard byte == UInt8(ascii: ":") else { throw notJSON("expected \":\" after a field name") }
            state = .beforeValue
        case .beforeValue:
            if isSpace { return }
            let name = keyName
            if name == "messages" && byte == UInt8(ascii: "[") {
                state = .beforeElement
                return
            }
            keeping = name != "layout"
            value = []
            tracker = ValueTracker()
            state = .inValue
            try capture(byte, into: &events)
        case .inValue:
            try capture(byte, into: &events)
        case .afterValue:
            if isSpace { return }
            if byte == UInt8(ascii: ",") { state = .beforeKey; return }
            if byte == UInt8(ascii: "}") { state = .done; return }
            throw notJSON("expected \",\" or \"}\" after a value")
        case .beforeElement, .afterElement:
            if isSpace { return }
            if byte == UInt8(ascii: "]") { state = .afterValue; return }
            if state == .afterElement {
                guard byte == UInt8(ascii: ",") else { throw notJSON("expected \",\" or \"]\" in messages") }
                state = .beforeElement
                return
            }
            value = []
            tracker = ValueTracker()
            state = .inElement
            try capture(byte, into: &events)
        case .inElement:
            try capture(byte, into: &events)
        case .done:
            guard isSpace else { throw notJSON("there is more after the transcript's closing \"}\"") }
        }
    }

    /// Adds a byte to the value being read; at its end, hands it out and moves on.
    private mutating func capture(_ byte: UInt8, into events: inout [Event]) throws(ImportError) {
        let inElement = state == .inElement
        switch tracker.feed(byte) {
        case .continues:
            if keeping || inElement { value.append(byte) }
            guard value.count <= Self.maximumValueBytes else {
                throw inElement
                    ? .invalidValue(
                        path: "$.messages[\(messageIndex)]",
                        reason: "the message is over \(Self.maximumValueBytes) bytes")
                    : .invalidValue(path: "$.\(keyName)", reason: "the value is over \(Self.maximumValueBytes) bytes")
            }
            return
        case .endsHere:
            if keeping || inElement { value.append(byte) }
        case .endedBefore:
            break
        }
        if inElement {
            events.append(.message(index: messageIndex, value: Data(value)))
            messageIndex += 1
            state = .afterElement
        } else {
            if keeping { events.append(.field(key: keyName, value: Data(value))) }
            state = .afterValue
        }
        value.removeAll(keepingCapacity: true)
        if tracker.endedBefore { try step(byte, into: &events) }
    }

    private var keyName: String {
        (try? JSONDecoder().decode(String.self, from: Data(key)))
            ?? String(decoding: key.dropFirst().dropLast(), as: UTF8.self)
    }

    private func notJSON(_ detail: String) -> ImportError {
        .notJSON(detail: "\(detail) at byte \(offset)")
    }
}

/// Follows one JSON value byte by byte (strings, escapes, nesting) to find where it ends,
/// without parsing it.
private struct ValueTracker {
    enum Step { case continues, endsHere, endedBefore }

    private var depth = 0
    private var inString = false
    private var escaped = false
    private var started = false
    /// Whether the last value ended before the byte just fed (a number, `true`, `false` or
    /// `null`, which end at the next delimiter); that byte belongs to what follows.
    private(set) var endedBefore = false

    mutating func feed(_ byte: UInt8) -> Step {
        defer { started = true }
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if depth == 0 { return .endsHere }
            }
            return .continues
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if depth == 0 {
                endedBefore = true
                return .endedBefore
            }
            depth -= 1
            if depth == 0 { return .endsHere }
        case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
            if depth == 0 && started {
                endedBefore = true
                return .endedBefore
            }
        default:
            break
        }
        return .continues
    }
}
