import Foundation
import Synchronization

/// Where a conversation gets "now" from. Real chats use the system clock; scenarios, tests
/// and piped REPL sessions use a virtual clock that only moves when told to.
package protocol ChatClock: Sendable {
    var now: Timestamp { get }
}

/// The wall clock.
package struct SystemClock: ChatClock {
    package init() {}
    package var now: Timestamp { Timestamp(Date()) }
}

/// A clock that stands still until advanced, so that delays spanning days run in
/// milliseconds and every run of a scenario produces the same timestamps.
package final class VirtualClock: ChatClock {
    private let current: Mutex<Timestamp>

    /// A clock standing at `start` until advanced.
    package init(start: Timestamp) {
        current = Mutex(start)
    }

    package var now: Timestamp { current.withLock { $0 } }

    /// Moves the clock forward; a negative duration is ignored (time never runs backwards).
    package func advance(by duration: Duration) {
        guard duration > .zero else { return }
        current.withLock { $0 += duration }
    }

    /// Moves the clock to `time` if that is later than now.
    package func advance(to time: Timestamp) {
        current.withLock { if time > $0 { $0 = time } }
    }

    /// Sets the clock to `time`, also an earlier one: a fork goes back to its message's time.
    package func rewind(to time: Timestamp) {
        current.withLock { $0 = time }
    }
}
