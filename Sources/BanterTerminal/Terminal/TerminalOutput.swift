import Foundation

/// Writes straight to a file descriptor, all of it, after flushing C stdio so that output
/// readline buffered in `stdout` never lands after ours.
struct TerminalOutput {
    var fileDescriptor: Int32 = STDOUT_FILENO

    func write(_ text: String) {
        fflush(nil)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Writes `lines`, each followed by a newline. Appended into one string rather than
    /// `joined(separator:)`, which is generic over the collection: its first use in a cold
    /// process scans every protocol conformance in the executable (0.5 M instructions, a
    /// twentieth of a short `banter render`'s).
    func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        var size = 0
        for line in lines { size += line.utf8.count + 1 }
        var text = ""
        text.reserveCapacity(size)
        for line in lines {
            text += line
            text += "\n"
        }
        write(text)
    }
}
