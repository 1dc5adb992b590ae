import BanterCore
import Synchronization

/// Wall-clock time plus whatever `/wait` skipped: the clock of a live chat in a terminal.
/// Skipping ahead lets a user see a delayed reply or a new section now, and the skip is
/// kept, so the conversation's times stay in order afterwards. It stands still while a bot
/// is paused in the debugger (`freeze`/`thaw`): the pause is taken out of its time.
package final class LiveClock: AdjustableClock {
    private let base: any ChatClock
    /// Milliseconds skipped by `/wait`, less those spent frozen (below zero after a fork
    /// went back in time).
    private let skipped: Mutex<Int64>
    /// The time it stands at while frozen.
    private let frozenAt: Mutex<Timestamp?>

    /// - Parameter base: the underlying clock; the system clock unless a test injects one.
    package init(base: any ChatClock = SystemClock()) {
        self.base = base
        skipped = Mutex(0)
        frozenAt = Mutex(nil)
    }

    package var now: Timestamp {
        if let frozen = frozenAt.withLock({ $0 }) { return frozen }
        let offset = skipped.withLock { $0 }
        return Timestamp(millisecondsSince1970: base.now.millisecondsSince1970 + offset)
    }

    /// Skips ahead so that `now` is at least `time`.
    package func advance(to time: Timestamp) {
        let real = base.now.millisecondsSince1970
        skipped.withLock { offset in
            let gap = time.millisecondsSince1970 - (real + offset)
            if gap > 0 { offset += gap }
        }
    }

    /// Sets the clock to `time` (earlier too), running: the skip becomes whatever makes
    /// `now` read `time` at this moment.
    package func rewind(to time: Timestamp) {
        let real = base.now.millisecondsSince1970
        frozenAt.withLock { $0 = nil }
        skipped.withLock { $0 = time.millisecondsSince1970 - real }
    }

    /// Stops the clock at the current time (again while frozen does nothing).
    package func freeze() {
        let time = now
        frozenAt.withLock { frozen in
            if frozen == nil { frozen = time }
        }
    }

    /// Lets the clock run again from where it stood.
    package func thaw() {
        guard let frozen = frozenAt.withLock({ $0 }) else { return }
        let real = base.now.millisecondsSince1970
        skipped.withLock { $0 = frozen.millisecondsSince1970 - real }
        frozenAt.withLock { $0 = nil }
    }
}
