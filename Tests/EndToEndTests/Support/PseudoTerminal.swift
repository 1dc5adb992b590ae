import BanterCore
import Foundation

@testable import BanterTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// `banter` on a pseudo-terminal whose far end is this test: it reads what banter prints
/// and answers cursor-position requests (`ESC [ 6 n`) as a terminal measuring text with
/// `model` would, so the width probe can be tested against either kind of terminal.
final class PseudoTerminal {
    private let master: Int32
    private let process: Process
    private let model: WidthModel?
    /// How long each answer takes, like a slow or remote terminal.
    private let answerDelay: TimeInterval
    /// Answers written once their time comes.
    private var delayedAnswers: [(due: Date, text: String)] = []
    /// Typed the moment the first cursor-position request arrives, before it is answered.
    var typeWhenAsked: String?
    /// Everything banter printed so far.
    private(set) var output: [UInt8] = []
    private var scanned = 0
    /// The bytes printed since the cursor last went to column 1.
    private var row: [UInt8] = []
    /// How many cursor-position requests were answered.
    private(set) var reportsAnswered = 0

    /// Starts `banter arguments` on a new pseudo-terminal of `columns` × `rows`; `model`
    /// nil never answers cursor-position requests, like a terminal without them, and
    /// `answerDelay` holds every answer back that long. With `thenShell`, a shell runs banter
    /// and then that command line on the same terminal, as a person's shell would.
    init(
        _ arguments: [String], model: WidthModel?, answerDelay: TimeInterval = 0, columns: Int = 80, rows: Int = 24,
        environment: [String: String] = [:], thenShell: String? = nil
    ) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENXIO) }
        self.master = master
        self.model = model
        self.answerDelay = answerDelay
        process = BanterBinary.process(arguments, environment: environment)
        if let thenShell {
            process.arguments = ["-c", "\"$0\" \"$@\"; " + thenShell, BanterBinary.url.path] + arguments
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
        }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Sends `text` as if typed.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The output as lines of text, escape sequences removed; a carriage return inside a
    /// line starts it again, as on the screen.
    var lines: [String] {
        output.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            let plain = Self.withoutEscapes(Array(line))
            let start =
                plain.lastIndex { $0 == 0x0D && $0 != plain.last }.map { plain.index(after: $0) } ?? plain.startIndex
            return String(decoding: plain[start...].filter { $0 != 0x0D }, as: UTF8.self)
        }
    }

    /// Reads (answering cursor requests) until the plain output contains `text`, or throws
    /// after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 15) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let current = lines
            if current.contains(where: { $0.contains(text) }) { return current }
            pump(milliseconds: 50)
        }
        throw PseudoTerminalError.timedOut(waitingFor: text, output: lines.joined(separator: "\n"))
    }

    /// Reads (answering requests, late ones included) for `seconds`, whatever is printed.
    func pump(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { pump(milliseconds: 20) }
    }

    /// Waits for the process to end; its exit status.
    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { pump(milliseconds: 20) }
        return process.isRunning ? nil : process.terminationStatus
    }

    private func pump(milliseconds: Int32) {
        while let first = delayedAnswers.first, first.due <= Date() {
            type(first.text)
            delayedAnswers.removeFirst()
        }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let wait = delayedAnswers.first.map {
            Int32(max(0, min(Double(milliseconds), $0.due.timeIntervalSinceNow * 1000)))
        }
        guard poll(&descriptor, 1, wait ?? milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return }
        output += buffer[..<count]
        answerRequests()
    }

    /// Follows the cursor's column through what was printed since the last call and answers
    /// each `ESC [ 6 n` with the column the text so far on the row reaches under `model`.
    private func answerRequests() {
        while scanned < output.count {
            let byte = output[scanned]
            if byte == 0x1B {
                guard let end = Self.escapeEnd(output, from: scanned) else { return }
                let sequence = output[scanned...end]
                if Array(sequence) == Array("\u{1B}[6n".utf8) {
                    if let typed = typeWhenAsked {
                        type(typed)
                        typeWhenAsked = nil
                    }
                    if let model {
                        let column = DisplayWidth.of(String(decoding: row, as: UTF8.self), model: model) + 1
                        answer("\u{1B}[1;\(column)R")
                        reportsAnswered += 1
                    }
                }
                scanned = end + 1
                continue
            }
            if byte == 0x0D || byte == 0x0A { row.removeAll() } else { row.append(byte) }
            scanned += 1
        }
    }

    private func answer(_ text: String) {
        if answerDelay > 0 {
            delayedAnswers.append((Date().addingTimeInterval(answerDelay), text))
        } else {
            type(text)
        }
    }

    /// The index of the last byte of the escape sequence starting at `start`, nil if cut off.
    private static func escapeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        guard bytes[start + 1] == UInt8(ascii: "[") else { return start + 1 }
        var index = start + 2
        while index < bytes.count {
            if (0x40...0x7E).contains(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    static func withoutEscapes(_ bytes: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, let end = escapeEnd(bytes, from: index) {
                index = end + 1
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        return kept
    }
}

enum PseudoTerminalError: Error, CustomStringConvertible {
    case timedOut(waitingFor: String, output: String)

    var description: String {
        switch self {
        case .timedOut(let text, let output): "timed out waiting for \"\(text)\"; the terminal showed:\n\(output)"
        }
    }
}
