/// Why a file could not be imported as a transcript. Paths are JSON paths into the file
/// ("$.messages[3].sent_at") or, in a JSON Lines file, into the line that `onLine` names
/// with its byte offset, so the reader can find the spot in an editor.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not JSON at all (or not UTF-8).
    case notJSON(detail: String)
    /// The JSON is not a Banter transcript: `format` is something else.
    case wrongFormat(found: String)
    /// A transcript of a version this Banter does not read.
    case unsupportedVersion(Int)
    case missingField(path: String)
    case wrongType(path: String, expected: String)
    case invalidSender(path: String, value: String)
    case invalidStatus(path: String, value: String)
    /// An unreadable time, or `sent_at_ms` disagreeing with `sent_at`.
    case invalidTime(path: String, value: String, reason: String)
    case invalidDuration(path: String, value: String)
    case invalidHeaderPattern(path: String, reason: String)
    case textTooLong(path: String, bytes: Int, limit: Int)
    /// Any other value that breaks a rule of the format (empty title, bad colour…).
    case invalidValue(path: String, reason: String)
    /// The problem is on this line of a JSON Lines transcript (counted from 1), which starts
    /// at this byte offset (counted from 0).
    indirect case onLine(Int, byteOffset: Int, ImportError)
    /// A line longer than any transcript writes (a file without line breaks, for one).
    case lineTooLong(limit: Int)
    /// The file ends without the closing line: it was cut off (at a line break or not).
    case cutOff
    /// The closing line's message count disagrees with the message lines before it.
    case messageCountMismatch(declared: Int, found: Int)
    /// Something other than blank lines follows the closing line.
    case contentAfterEnd

    public var description: String {
        switch self {
        case .notJSON(let detail):
            return
                "the file is not valid JSON (\(detail)): import reads transcripts written by `banter export --format json`"
        case .wrongFormat(let found):
            return
                "the file is not a Banter transcript: \"format\" is \(found), expected \"\(TranscriptDocument.formatName)\""
        case .unsupportedVersion(let version):
            return "transcript version \(version) is not supported: this Banter reads versions 1 and "
                + "\(TranscriptHeaderLine.version); export it again with a matching Banter"
        case .missingField(let path):
            return "missing field \(path): a transcript needs it, add it to the file"
        case .wrongType(let path, let expected):
            return "\(path) has the wrong type: expected \(expected)"
        case .invalidSender(let path, let value):
            return "invalid sender \"\(value)\" at \(path): use \"me\", \"them\" or \"system\""
        case .invalidStatus(let path, let value):
            return "invalid status \"\(value)\" at \(path): use \"sending\", \"sent\", \"delivered\" or \"read\""
        case .invalidTime(let path, let value, let reason):
            return "invalid time \(value) at \(path): \(reason)"
        case .invalidDuration(let path, let value):
            return "invalid duration \"\(value)\" at \(path): write units like 20s, 90m, 1h30m, 2d, 500ms"
        case .invalidHeaderPattern(let path, let reason):
            return "invalid header pattern at \(path): \(reason)"
        case .textTooLong(let path, let bytes, let limit):
            return "message text at \(path) is \(bytes) bytes, more than the limit of \(limit): shorten or split it"
        case .invalidValue(let path, let reason):
            return "invalid value at \(path): \(reason)"
        case .onLine(let line, let byteOffset, let error):
            return "line \(line) (byte \(byteOffset)): \(error)"
        case .lineTooLong(let limit):
            return "the line is longer than \(limit) bytes, more than any transcript line: is this a Banter transcript?"
        case .cutOff:
            return "the file ends without the closing {\"end\":true,…} line: it was cut off; export it again"
        case .messageCountMismatch(let declared, let found):
            return
                "the closing line counts \(declared) messages but the file holds \(found): lines are missing or were added"
        case .contentAfterEnd:
            return "there is more after the closing line: a transcript ends with it"

        }
    }
}
