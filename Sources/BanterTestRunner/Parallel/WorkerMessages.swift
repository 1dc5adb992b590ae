import Foundation

/// What the runner and a worker say to each other over the worker's pipes, one line per
/// message. The runner first sends the run's scenario paths (`WorkerSuite`); after that a
/// request is a scenario's position in that list, and each answer a `WorkerReply`.
///
/// Nearly every answer is "passed, in so many seconds", so that case is two numbers and no
/// JSON: at two workers the runner shares their cores, and decoding a JSON answer per
/// scenario was a third of its time.
enum WorkerMessage {
    /// A request: the position of the scenario to run in the suite's paths.
    static func request(_ index: Int) -> [UInt8] {
        Array("\(index)\n".utf8)
    }

    /// The position a request names; nil when the line is not a whole number.
    static func requestIndex(from line: ArraySlice<UInt8>) -> Int? {
        Int(String(decoding: line, as: UTF8.self))
    }
}

/// The first line the runner sends a worker: every scenario of the run, as one JSON array
/// (JSON escapes line breaks inside strings, so a path of any name stays on the line).
struct WorkerSuite: Codable, Hashable, Sendable {
    var paths: [String]

    var line: [UInt8] {
        // Encoding an array of strings cannot fail.
        var bytes = [UInt8]((try? JSONEncoder().encode(paths)) ?? Data("[]".utf8))
        bytes.append(0x0A)
        return bytes
    }

    init(paths: [String]) {
        self.paths = paths
    }

    /// The suite a first line names; nil when it is not a JSON array of strings.
    init?(line: ArraySlice<UInt8>) {
        guard let paths = try? JSONDecoder().decode([String].self, from: Data(line)) else { return nil }
        self.paths = paths
    }
}

/// What a worker answers for one request: the scenario's result and, when coverage is on,
/// the bot lines and handlers it ran.
///
/// On the pipe it is one line: `INDEX SECONDS` for a scenario that passed with nothing else
/// to report, else `INDEX SECONDS DETAILS` with the rest as a JSON object. The path is left
/// out: both sides know it from the index.
package struct WorkerReply: Hashable, Sendable {
    package var index: Int
    package var result: ScenarioResult
    package var coverage: [FileCoverage]?
    /// The files the scenario and its bot read (see `WorkerReplyParts.sourceFiles`).
    package var sourceFiles: [String]?

    package init(index: Int, result: ScenarioResult, coverage: [FileCoverage]? = nil, sourceFiles: [String]? = nil) {
        self.index = index
        self.result = result
        self.coverage = coverage
        self.sourceFiles = sourceFiles
    }

    /// Everything but the index, the path and the time.
    private struct Details: Codable {
        var verdict: ScenarioVerdict
        var transcriptWritten: String?
        var traceLines: [String]?
        var coverage: [FileCoverage]?
        var sourceFiles: [String]?
    }

    private var details: Details? {
        let details = Details(
            verdict: result.verdict, transcriptWritten: result.transcriptWritten, traceLines: result.traceLines,
            coverage: coverage, sourceFiles: sourceFiles)
        let passedQuietly =
            details.verdict == .passed && details.transcriptWritten == nil && details.traceLines == nil
            && details.coverage == nil && details.sourceFiles == nil
        return passedQuietly ? nil : details
    }

    /// The answer as one line, newline included.
    var line: [UInt8] {
        var line = Array("\(index) \(result.seconds)".utf8)
        if let details {
            line.append(0x20)
            // Encoding plain structs of strings and numbers cannot fail.
            line += (try? JSONEncoder().encode(details)) ?? Data()
        }
        line.append(0x0A)
        return line
    }

    /// The answer a line holds, for the scenario at `paths[index]`; nil when the line is
    /// not an answer or names no scenario of `paths`.
    init?(line: ArraySlice<UInt8>, paths: [String]) {
        let fields = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count >= 2,
            let index = Int(String(decoding: fields[0], as: UTF8.self)), paths.indices.contains(index),
            let seconds = Double(String(decoding: fields[1], as: UTF8.self))
        else { return nil }
        var details = Details(verdict: .passed)
        if fields.count == 3 {
            guard let decoded = try? JSONDecoder().decode(Details.self, from: Data(fields[2])) else { return nil }
            details = decoded
        }
        self.init(
            index: index,
            result: ScenarioResult(
                path: paths[index], verdict: details.verdict, seconds: seconds,
                transcriptWritten: details.transcriptWritten, traceLines: details.traceLines),
            coverage: details.coverage, sourceFiles: details.sourceFiles)
    }
}

/// Splits bytes read from a pipe into lines, reading into one buffer it keeps.
struct LineReader {
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// Reads what `fd` has ready and returns the lines it completed (without their newline);
    /// nil at the end of the input or on an error.
    mutating func read(from fd: Int32) -> [ArraySlice<UInt8>]? {
        let count = Descriptor.read(from: fd, into: &chunk)
        guard count > 0 else { return nil }
        pending.append(contentsOf: chunk[..<count])
        var lines: [ArraySlice<UInt8>] = []
        var start = pending.startIndex
        while let end = pending[start...].firstIndex(of: 0x0A) {
            lines.append(ArraySlice(pending[start..<end]))
            start = end + 1
        }
        pending.removeSubrange(..<start)
        return lines
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

    /// Reads what is available into the start of `buffer` (at least one byte unless at the
    /// end) and returns how many bytes it read: 0 at the end or on an error.
    static func read(from fd: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return max(count, 0)
        }
    }
}
