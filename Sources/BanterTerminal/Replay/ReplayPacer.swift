import BanterCore
import Foundation

/// Turns gaps of virtual time into real pauses, scaled by the replay speed and capped, and
/// waits in a way Ctrl-C interrupts at once (through the signal pipe, not a blocked sleep).
final class ReplayPacer {
    let speed: Double
    let maximumPause: Duration?
    private let signals: SignalPipe

    init(speed: Double, maximumPause: Duration?) {
        self.speed = speed
        self.maximumPause = maximumPause
        signals = SignalPipe(signals: [SIGINT, SIGTERM])
    }

    /// Whether Ctrl-C (or SIGTERM) arrived.
    private(set) var isInterrupted = false

    /// The real pause for `gap` of virtual time.
    func pause(for gap: Duration) -> Duration {
        guard gap > .zero else { return .zero }
        let scaled = Duration.milliseconds(Int64((Double(gap.wholeMilliseconds) / speed).rounded()))
        if let maximumPause, scaled > maximumPause { return maximumPause }
        return scaled
    }

    /// Waits up to `duration` of real time; false when interrupted.
    func sleep(_ duration: Duration) -> Bool {
        guard !isInterrupted else { return false }
        let deadline = ContinuousClock.now + duration
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            var descriptor = pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = max(Int32(clamping: left.wholeMilliseconds), 0)
            if poll(&descriptor, 1, milliseconds) > 0, !signals.drain().isEmpty {
                isInterrupted = true
                return false
            }
            if left <= .zero || ContinuousClock.now >= deadline { return true }
        }
    }
}
