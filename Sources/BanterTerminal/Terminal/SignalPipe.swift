import Foundation

/// Turns signals into bytes on a pipe (the self-pipe trick), so the REPL's poll loop sees a
/// resize or Ctrl-C like any other input and handles it outside the signal handler (also
/// `banter test --watch`, which waits for file changes or Ctrl-C).
package final class SignalPipe {
    /// The end the poll loop reads.
    package let readDescriptor: Int32

    /// The write end, for the async-signal-safe handler (which cannot capture anything).
    nonisolated(unsafe) private static var writeDescriptor: Int32 = -1

    /// Starts delivering `signals` to the pipe.
    package init(signals: [Int32]) {
        var descriptors: [Int32] = [-1, -1]
        pipe(&descriptors)
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        Self.writeDescriptor = descriptors[1]
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(SignalPipe.writeDescriptor, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// The signals that arrived since the last call, in order.
    func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var signals: [Int32] = []
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            signals += buffer[..<count].map { Int32($0) }
        }
        return signals
    }
}
