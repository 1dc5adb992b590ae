import Foundation
import Synchronization

/// Keys typed while Banter waited for a terminal's answer: `TerminalQuery` has read them off
/// the input along with the answer, so it keeps them here, and the line editor reads them
/// before the terminal (see `LineEditor.feed`). Without this, text pasted or typed as the
/// chat opens would be lost. It also remembers that a query went unanswered: the answer may
/// still come, late, and must not reach the editor as typed text (`readKeys`). Commands
/// without a line editor (`render`, `replay`, `run`) hand the keys back to the terminal
/// instead (`handBack`), for whatever reads it next, the shell.
package final class TerminalTypeahead: Sendable {
    /// What was read ahead of standard input, the one input the queries ask on.
    package static let standardInput = TerminalTypeahead()

    /// How long after a query timed out its answer is still looked for among the keys: a
    /// terminal over a slow link can answer seconds late.
    static let lateAnswerSeconds: Double = 5

    private let bytes = Mutex<[UInt8]>([])
    /// Until when (`DispatchTime` nanoseconds) a late answer may arrive; 0: none expected.
    private let lateAnswersUntil = Mutex<UInt64>(0)

    /// Adds bytes after those kept so far.
    func keep(_ more: [UInt8]) {
        guard !more.isEmpty else { return }
        bytes.withLock { $0 += more }
    }

    /// A query timed out: its answer may still arrive, for `lateAnswerSeconds`.
    func expectLateAnswers() {
        let until = DispatchTime.now().uptimeNanoseconds + UInt64(Self.lateAnswerSeconds * 1e9)
        lateAnswersUntil.withLock { $0 = until }
    }

    /// Whether a late answer may still arrive, so the terminal's input is to be read through
    /// `readKeys` rather than by the line editor directly.
    var expectsLateAnswers: Bool {
        lateAnswersUntil.withLock { DispatchTime.now().uptimeNanoseconds < $0 }
    }

    /// The keys among what `input` has ready now, a late answer (`TerminalReplies`) left out;
    /// nil at the end of the input (or on an error), which the editor is to read itself.
    /// After the first bytes it waits a few milliseconds for the rest of an answer the
    /// terminal wrote at once.
    func readKeys(from input: Int32) -> [UInt8]? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var wait: Int32 = 0
        while true {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, wait)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return received.isEmpty ? nil : TerminalReplies.split(received).typeahead }
            received += buffer[..<count]
            wait = 10
        }
        return TerminalReplies.split(received).typeahead
    }

    /// Puts the keys kept so far back into the input queue of the terminal `input` is, in
    /// order (`TIOCSTI`), as if typed again, so they reach the program that reads the terminal
    /// next. Returns how many could not be put back: all of them where the kernel refuses
    /// `TIOCSTI` (Linux with `dev.tty.legacy_tiocsti` = 0, or the terminal is not this
    /// process's); none when nothing was kept.
    @discardableResult
    package func handBack(to input: Int32 = STDIN_FILENO) -> Int {
        let keys = take()
        for (index, key) in keys.enumerated() {
            var byte = key
            guard ioctl(input, UInt(TIOCSTI), &byte) == 0 else { return keys.count - index }
        }
        return 0
    }

    /// Everything kept so far, in the order it arrived; afterwards nothing is kept.
    func take() -> [UInt8] {
        bytes.withLock { kept in
            defer { kept.removeAll() }
            return kept
        }
    }
}
