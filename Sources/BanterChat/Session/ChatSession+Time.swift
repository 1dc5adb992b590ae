import BanterCore

/// Time passing: the bot's scheduled work (delayed replies, waits, typing indicators) runs
/// when the clock reaches it, on a live clock from the REPL's loop and on a virtual one as
/// fast as the machine allows.
extension ChatSession {
    /// When something scheduled happens next: bot work or the typing indicator running out.
    public var nextWakeTime: Timestamp? {
        [bot?.nextWakeTime, typingUntil].compactMap { $0 }.min()
    }

    /// Runs whatever is due at the clock's current time.
    public func runDue() {
        let now = clock.now
        bot?.runDue(now: now)
        expireTyping(now: now)
    }

    /// Moves the clock forward by `duration` (`/wait`), running the bot's work due on the way
    /// in time order, each at its own time.
    ///
    /// - Returns: false when the bot kept scheduling work and the step cap stopped the walk
    ///   early (the clock still ends at the target).
    @discardableResult
    public func wait(_ duration: Duration) -> Bool {
        advance(to: clock.now + duration)
    }

    /// Moves the clock to `target`, running due bot work on the way; see `wait`.
    @discardableResult
    public func advance(to target: Timestamp) -> Bool {
        var steps = 0
        var completed = true
        while let wake = bot?.nextWakeTime, wake <= target {
            guard steps < options.maximumSteps else {
                completed = false
                break
            }
            clock.advance(to: wake)
            runDue()
            steps += 1
        }
        clock.advance(to: target)
        runDue()
        return completed
    }

    /// Lets the bot finish what it started (delayed replies, typing pauses), moving the
    /// clock to each piece of work in turn. For virtual clocks: piped runs and tests.
    ///
    /// Stops when nothing is scheduled, at the settle horizon, or after the step cap, so a
    /// bot that waits in an endless loop cannot hang the run.
    @discardableResult
    public func settle() -> SettleOutcome {
        let horizon = clock.now + options.settleHorizon
        var steps = 0
        while let wake = bot?.nextWakeTime {
            if wake > horizon { return .pendingBeyondHorizon(wake) }
            if steps >= options.maximumSteps { return .stoppedAfterSteps(steps) }
            clock.advance(to: wake)
            runDue()
            steps += 1
        }
        expireTyping(now: clock.now)
        return .idle
    }

    /// Hides the typing indicator once its time has passed.
    func expireTyping(now: Timestamp) {
        if let until = typingUntil, until <= now {
            typingUntil = nil
            publish(.typingStopped)
        }
    }
}
