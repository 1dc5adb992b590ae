import Foundation

/// Reads lines from a file descriptor with its own buffer, so the REPL can tell whether the
/// next line is already there or reading it would block.
final class InputLineReader {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var reachedEnd = false

    init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    /// The next line without its line ending ("\n" or "\r\n"), or nil at the end of input.
    /// Invalid UTF-8 is replaced, never passed on.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = buffer[..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                buffer.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self)
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            fill()
        }
    }

    /// Whether a line (or the end of input) can be had without waiting.
    var hasInputReady: Bool {
        if reachedEnd || buffer.contains(0x0A) { return true }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(fileDescriptor, &chunk, chunk.count)
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            reachedEnd = true
        }
    }
}
