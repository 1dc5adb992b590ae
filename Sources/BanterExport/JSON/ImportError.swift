/// Why a file could not be imported as a transcript. Paths are JSON paths into the file
/// ("$.messages[3].sent_at"), so the reader can find the spot in an editor.
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

    public var description: String {
        switch self {
        case .notJSON(let detail):
            return "the file is not valid JSON (\(detail)): import reads transcripts written by `banter export --format json`"
        case .wrongFormat(let found):
            return "the file is not a Banter transcript: \"format\" is \(found), expected \"\(TranscriptDocument.formatName)\""
        case .unsupportedVersion(let version):
            return "transcript version \(version) is not supported: this Banter reads version "
                + "\(TranscriptDocument.currentVersion); export it again with a matching Banter"
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
        }
    }
}
