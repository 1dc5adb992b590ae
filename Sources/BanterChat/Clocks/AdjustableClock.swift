import BanterCore

/// A clock the session may move forward: how `/wait` and bot delays pass without waiting.
/// Time never runs backwards; moving to an earlier time does nothing.
package protocol AdjustableClock: ChatClock {
    func advance(to time: Timestamp)
}

extension AdjustableClock {
    /// Moves the clock forward by `duration` (a negative one does nothing).
    package func advance(by duration: Duration) {
        guard duration > .zero else { return }
        advance(to: now + duration)
    }
}

extension VirtualClock: AdjustableClock {}
