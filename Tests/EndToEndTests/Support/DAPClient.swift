import Foundation

/// A Debug Adapter Protocol client for the tests: runs `banter debug` with pipes, writes
/// framed requests, and reads the framed responses and events on a thread of its own, so a
/// test waits for an answer with a deadline and a hang fails the test instead of the suite.
final class DAPClient: @unchecked Sendable {
    /// A message from the adapter, as decoded JSON.
    typealias Message = [String: Any]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let process: Process
    private let input: FileHandle
    private let lock = NSCondition()
    private var buffer = Data()
    private var messages: [Message] = []
    private var ended = false
    private var seq = 0
    /// Every message read so far, in order.
    private var allMessages: [Message] = []
    /// What the adapter wrote on standard error.
    private let errorOutput: PipeReaderCollector

    init(arguments: [String] = [], currentDirectory: URL? = nil) throws {
        process = BanterBinary.process(["debug"] + arguments)
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        input = stdin.fileHandleForWriting
        errorOutput = PipeReaderCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = output.availableData
                lock.lock()
                if chunk.isEmpty {
                    ended = true
                } else {
                    buffer.append(chunk)
                    parseFrames()
                }
                lock.broadcast()
                lock.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Splits whole frames off the buffer (called with the lock held).
    private func parseFrames() {
        let separator = Data("\r\n\r\n".utf8)
        while let range = buffer.range(of: separator) {
            let header = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
            guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
                messages.append(["malformedHeader": header])
                buffer.removeAll()
                return
            }
            guard buffer.count - (range.upperBound - buffer.startIndex) >= length else { return }
            let body = buffer[range.upperBound..<(range.upperBound + length)]
            let message =
                (try? JSONSerialization.jsonObject(with: body) as? Message)
                ?? ["malformedBody": String(decoding: body, as: UTF8.self)]
            messages.append(message)
            allMessages.append(message)
            buffer = Data(buffer[(range.upperBound + length)...])
        }
    }

    /// Writes raw bytes to the adapter (for malformed input).
    func writeRaw(_ text: String) {
        try? input.write(contentsOf: Data(text.utf8))
    }

    /// Sends request `command` and returns its sequence number.
    @discardableResult
    func send(_ command: String, _ arguments: [String: Any]? = nil) throws -> Int {
        seq += 1
        var request: [String: Any] = ["seq": seq, "type": "request", "command": command]
        if let arguments { request["arguments"] = arguments }
        let body = try JSONSerialization.data(withJSONObject: request)
        try input.write(contentsOf: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        return seq
    }

    /// Sends a request and waits for its response (successful or not).
    @discardableResult
    func request(_ command: String, _ arguments: [String: Any]? = nil, timeout: TimeInterval = 20) throws -> Message {
        let number = try send(command, arguments)
        return try response(to: number, timeout: timeout)
    }

    /// Sends a request and waits for its response, which must be a success: its body.
    @discardableResult
    func succeed(_ command: String, _ arguments: [String: Any]? = nil, timeout: TimeInterval = 20) throws -> Message {
        let response = try request(command, arguments, timeout: timeout)
        guard response["success"] as? Bool == true else {
            throw Failure(description: "\(command) failed: \(response["message"] ?? "?")")
        }
        return response["body"] as? Message ?? [:]
    }

    /// Waits for the response to request `number`.
    func response(to number: Int, timeout: TimeInterval = 20) throws -> Message {
        try take("the response to request \(number)", timeout: timeout) {
            $0["type"] as? String == "response" && $0["request_seq"] as? Int == number
        }
    }

    /// Waits for the next event `name` (events before it stay queued) and returns its body.
    @discardableResult
    func event(_ name: String, timeout: TimeInterval = 20) throws -> Message {
        let event = try take("event \(name)", timeout: timeout) {
            $0["type"] as? String == "event" && $0["event"] as? String == name
        }
        return event["body"] as? Message ?? [:]
    }

    /// Waits for the next message `matches` accepts, removing it (and nothing else) from the queue.
    func take(_ what: String, timeout: TimeInterval, where matches: (Message) -> Bool) throws -> Message {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
            if ended || !lock.wait(until: deadline) {
                let seen = messages.map { "\($0["type"] ?? "?") \($0["event"] ?? $0["command"] ?? "")" }
                throw Failure(
                    description:
                        "\(ended ? "the adapter ended" : "timed out") waiting for \(what); queued: \(seen); stderr: \(errorOutput.text)"
                )
            }
        }
    }

    /// The text of every `output` event queued so far with `category`, removed from the queue.
    func outputs(_ category: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var texts: [String] = []
        messages.removeAll { message in
            guard message["event"] as? String == "output", let body = message["body"] as? Message,
                body["category"] as? String == category, let text = body["output"] as? String
            else { return false }
            texts.append(text)
            return true
        }
        return texts
    }

    /// Waits for an `output` event whose text contains `text`.
    @discardableResult
    func output(containing text: String, timeout: TimeInterval = 20) throws -> String {
        let event = try take("output \"\(text)\"", timeout: timeout) {
            $0["event"] as? String == "output"
                && (($0["body"] as? Message)?["output"] as? String)?.contains(text) == true
        }
        return (event["body"] as? Message)?["output"] as? String ?? ""
    }

    /// Closes the adapter's input and waits for it to exit; its status.
    func finish(timeout: TimeInterval = 20) throws -> Int32 {
        try? input.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        guard !process.isRunning else {
            process.terminate()
            throw Failure(description: "banter debug did not exit within \(timeout) s")
        }
        return process.terminationStatus
    }

    /// Every message the adapter sent so far, in order (for checks against the schema).
    var received: [Message] {
        lock.lock()
        defer { lock.unlock() }
        return allMessages
    }

    /// Whether the adapter is still running.
    var isRunning: Bool { process.isRunning }
}

/// Collects a pipe's bytes on a thread, readable at any time (standard error while the
/// process still runs).
final class PipeReaderCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.withLock { data.append(chunk) }
            }
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
