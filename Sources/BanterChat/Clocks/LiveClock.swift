import BanterCore
import Synchronization

/// Wall-clock time plus whatever `/wait` skipped: the clock of a live chat in a terminal.
/// Skipping ahead lets a user see a delayed reply or a new section now, and the skip is
/// kept, so the conversation's times stay in order afterwards.
package final class LiveClock: AdjustableClock {
    private let base: any ChatClock
    private let skipped: Mutex<Int64>

    /// - Parameter base: the underlying clock; the system clock unless a test injects one.
    package init(base: any ChatClock = SystemClock()) {
        self.base = base
        skipped = Mutex(0)
    }

    package var now: Timestamp {
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
}
