import Foundation

/// What the runner hands a worker: one scenario to run. One JSON object per line.
struct WorkerRequest: Codable, Hashable, Sendable {
    var index: Int
    var path: String
}

/// What a worker answers for one request, one JSON object per line: the scenario's result
/// and, when coverage is on, the bot lines and handlers it ran.
public struct WorkerReply: Codable, Hashable, Sendable {
    public var index: Int
    public var result: ScenarioResult
    public var coverage: [FileCoverage]?
    /// The files the scenario and its bot read (see `WorkerReplyParts.sourceFiles`).
    public var sourceFiles: [String]?

    public init(index: Int, result: ScenarioResult, coverage: [FileCoverage]? = nil, sourceFiles: [String]? = nil) {
        self.index = index
        self.result = result
        self.coverage = coverage
        self.sourceFiles = sourceFiles
    }
}

/// Messages as lines of JSON (JSON escapes line breaks inside strings, so a line is a message).
enum MessageLine {
    static func encode(_ value: some Encodable) -> [UInt8] {
        // Encoding plain structs of strings and numbers cannot fail.
        var bytes = [UInt8]((try? JSONEncoder().encode(value)) ?? Data())
        bytes.append(0x0A)
        return bytes
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from line: ArraySlice<UInt8>) -> Value? {
        try? JSONDecoder().decode(type, from: Data(line))
    }
}

/// Splits bytes read from a pipe into lines.
struct LineBuffer {
    private var pending: [UInt8] = []

    /// Adds what was read and returns the lines it completed (without their newline).
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        pending.append(contentsOf: bytes)
        var lines: [ArraySlice<UInt8>] = []
        var start = pending.startIndex
        while let end = pending[start...].firstIndex(of: 0x0A) {
            lines.append(pending[start..<end])
            start = end + 1
        }
        let complete = lines.map { ArraySlice(Array($0)) }
        pending.removeSubrange(..<start)
        return complete
    }
}

/// Thin wrappers over the file-descriptor calls the runner and its workers use.
enum Descriptor {
    /// Writes all of `bytes`; false when the other end is gone.
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Reads what is available (at least one byte unless at the end); empty at the end or on
    /// an error.
    static func read(from fd: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Array(buffer[..<count]) : []
        }
    }
}
