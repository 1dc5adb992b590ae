import BanterCore

/// A clock the session may move forward: how `/wait` and bot delays pass without waiting.
/// Time never runs backwards while the conversation goes on; moving to an earlier time does
/// nothing. Only a fork takes it back (`rewind`), to the time of the message it forks at.
package protocol AdjustableClock: ChatClock {
    func advance(to time: Timestamp)
    /// Sets the clock to `time`, earlier or later: a fork's branch goes on from its
    /// message's time, as if what followed on the old branch had not happened.
    func rewind(to time: Timestamp)
}

extension AdjustableClock {
    /// Moves the clock forward by `duration` (a negative one does nothing).
    package func advance(by duration: Duration) {
        guard duration > .zero else { return }
        advance(to: now + duration)
    }
}

extension VirtualClock: AdjustableClock {}
