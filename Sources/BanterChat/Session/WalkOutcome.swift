/// How a walk of the virtual clock through the session's wake-ups ended
/// (`ChatSession.walk(through:until:)`).
package enum WalkOutcome: Hashable, Sendable {
    /// The caller's condition held; the clock stays where it became true.
    case done
    /// Nothing more is due up to the limit.
    case reachedLimit
    /// The bot kept scheduling work; the walk gave up after this many wake-ups (the step cap).
    case stoppedAfterSteps(Int)
}
