import BanterCore
import BanterScript

/// Time passing: the bot's scheduled work (delayed replies, waits, typing indicators) runs
/// when the clock reaches it, on a live clock from the REPL's loop and on a virtual one as
/// fast as the machine allows.
///
/// On a virtual clock every walk goes through one loop, `walk(through:until:)`, under one
/// step cap (`ChatSessionOptions.maximumSteps`) and one rule for what a wake-up is: any
/// moment the session changes by itself, that is bot work falling due **or the typing
/// indicator running out**. So the clock stops at the indicator's end, and the
/// `typingStopped` event carries its true time in a transcript or a replay, whether the
/// clock moved by `wait`, by `expect_reply` or by `settle`.
extension ChatSession {
    /// When the session next changes by itself: bot work falls due or the typing indicator
    /// runs out.
    package var nextWakeTime: Timestamp? {
        var earliest = [bot?.nextWakeTime, typingUntil].compactMap { $0 }.min()
        for member in members {
            if let wake = member.runtime.nextWakeTime, earliest.map({ wake < $0 }) ?? true { earliest = wake }
        }
        return earliest
    }

    /// Runs whatever is due at the clock's current time.
    package func runDue() {
        let now = clock.now
        bot?.runDue(now: now)
        for member in members { member.runtime.runDue(now: now) }
        expireTyping(now: now)
    }

    /// Moves the clock through the wake-ups up to `limit`, in time order, running each at
    /// its own time, and stops early once `isDone` holds (checked before every step). The
    /// clock ends at the last wake-up it ran, never at `limit` itself: see `advance(to:)`.
    /// This is the only loop that moves a virtual clock through scheduled work.
    @discardableResult
    package func walk(through limit: Timestamp, until isDone: () -> Bool = { false }) -> WalkOutcome {
        var steps = 0
        while true {
            if isDone() { return .done }
            guard let wake = nextWakeTime, wake <= limit else { return .reachedLimit }
            guard steps < options.maximumSteps else { return .stoppedAfterSteps(steps) }
            clock.advance(to: wake)
            runDue()
            steps += 1
        }
    }

    /// Moves the clock forward by `duration` (`/wait`), running the bot's work due on the way
    /// in time order, each at its own time.
    ///
    /// - Returns: false when the bot kept scheduling work and the step cap stopped the walk
    ///   early (the clock still ends at the target).
    @discardableResult
    package func wait(_ duration: Duration) -> Bool {
        if case .stoppedAfterSteps = advance(to: clock.now + duration) { return false }
        return true
    }

    /// Walks to `target` (see `walk`) and, unless `isDone` stopped the walk first, leaves the
    /// clock at `target` with what is due there run.
    @discardableResult
    package func advance(to target: Timestamp, until isDone: () -> Bool = { false }) -> WalkOutcome {
        let outcome = walk(through: target, until: isDone)
        guard outcome != .done else { return outcome }
        clock.advance(to: target)
        runDue()
        return outcome
    }

    /// Lets the bot finish what it started (delayed replies, typing pauses), moving the
    /// clock to each piece of work in turn. For virtual clocks: piped runs and tests.
    ///
    /// Stops when nothing is scheduled, at the settle horizon, or after the step cap, so a
    /// bot that waits in an endless loop cannot hang the run.
    @discardableResult
    package func settle() -> SettleOutcome {
        if case .stoppedAfterSteps(let steps) = walk(through: clock.now + options.settleHorizon) {
            return .stoppedAfterSteps(steps)
        }
        if let wake = nextWakeTime { return .pendingBeyondHorizon(wake) }
        return .idle
    }

    /// Hides the typing indicator once its time has passed.
    func expireTyping(now: Timestamp) {
        if let until = typingUntil, until <= now {
            typingUntil = nil
            publish(.typingStopped, from: .session)
        }
    }
}
