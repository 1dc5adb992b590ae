import Foundation

/// Reads a named pipe to its end on a thread of its own, as a program at the other end of
/// `mkfifo` would: a writer's open blocks until a reader has opened the pipe, so the reader
/// cannot wait on Swift's cooperative pool, which the blocked test itself may hold.
package final class FifoReader: @unchecked Sendable {
    private let path: String
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    /// Starts reading the pipe at `path`.
    package init(_ path: String) {
        self.path = path
        Thread.detachNewThread { [self] in
            data = Self.readAll(path)
            done.signal()
        }
    }

    /// The pipe's bytes until its writer closes it, read with `read(2)` (Foundation's file
    /// reading sizes a file first, and a pipe's size is 0).
    private static func readAll(_ path: String) -> Data {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return Data() }
        defer { close(descriptor) }
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// Everything written to the pipe once its writer has closed it; nil when no writer
    /// came within `seconds`, so a failing test does not hang (the reader is nudged with an
    /// empty write, and left behind if the pipe is no longer at `path`).
    package func received(within seconds: Double = 30) -> Data? {
        if done.wait(timeout: .now() + seconds) == .success { return data }
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        return nil
    }
}
