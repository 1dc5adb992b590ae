import BanterCore

/// How `ChatSession.settle()` ended: with nothing left to run, or at one of its caps with
/// the bot's remaining work still scheduled.
package enum SettleOutcome: Hashable, Sendable {
    /// No bot work is scheduled any more (a bot waiting for the user's answer counts as idle).
    case idle
    /// The next scheduled work is beyond the settle horizon; it runs if the clock gets there.
    case pendingBeyondHorizon(Timestamp)
    /// The bot kept scheduling work; settle stopped after this many wake-ups.
    case stoppedAfterSteps(Int)
}
