extension ImportError {
    /// The error of a value read on its own ("$.sent_at") as a path into the whole file
    /// ("$.messages[3].sent_at").
    func relocated(under prefix: String) -> ImportError {
        func move(_ path: String) -> String { path.hasPrefix("$") ? prefix + path.dropFirst() : path }
        switch self {
        case .missingField(let path): return .missingField(path: move(path))
        case .wrongType(let path, let expected): return .wrongType(path: move(path), expected: expected)
        case .invalidSender(let path, let value): return .invalidSender(path: move(path), value: value)
        case .invalidStatus(let path, let value): return .invalidStatus(path: move(path), value: value)
        case .invalidTime(let path, let value, let reason):
            return .invalidTime(path: move(path), value: value, reason: reason)
        case .invalidDuration(let path, let value): return .invalidDuration(path: move(path), value: value)
        case .invalidHeaderPattern(let path, let reason): return .invalidHeaderPattern(path: move(path), reason: reason)
        case .textTooLong(let path, let bytes, let limit):
            return .textTooLong(path: move(path), bytes: bytes, limit: limit)
        case .invalidValue(let path, let reason): return .invalidValue(path: move(path), reason: reason)
        case .notJSON, .wrongFormat, .unsupportedVersion, .onLine, .lineTooLong, .cutOff, .messageCountMismatch,
            .contentAfterEnd:
            return self
        }
    }
}
