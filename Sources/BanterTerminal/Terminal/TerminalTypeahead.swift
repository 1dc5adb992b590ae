import Synchronization

/// Keys typed while Banter waited for a terminal's answer: `TerminalQuery` has read them off
/// the input along with the answer, so it keeps them here, and the line editor reads them
/// before the terminal (see `LineEditor.feed`). Without this, text pasted or typed as the
/// chat opens would be lost.
final class TerminalTypeahead: Sendable {
    /// What was read ahead of standard input, the one input the queries ask on.
    static let standardInput = TerminalTypeahead()

    private let bytes = Mutex<[UInt8]>([])

    /// Adds bytes after those kept so far.
    func keep(_ more: [UInt8]) {
        guard !more.isEmpty else { return }
        bytes.withLock { $0 += more }
    }

    /// Everything kept so far, in the order it arrived; afterwards nothing is kept.
    func take() -> [UInt8] {
        bytes.withLock { kept in
            defer { kept.removeAll() }
            return kept
        }
    }
}
