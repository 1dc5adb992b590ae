import Foundation

/// One request to a language model in flight: the text streamed so far, then its outcome.
/// Filled in from the HTTP client's threads and read on the session's thread, so its state
/// sits behind a lock; `waitForOutcome` blocks a virtual-clock run until it ends.
package final class ModelCall: @unchecked Sendable {
    /// Whether the runtime waits for the answer before anything else happens (scenarios,
    /// piped chats: the clock stands still meanwhile) rather than polling for it (a live chat).
    package let waitsForAnswer: Bool
    private let condition = NSCondition()
    private var streamed = ""
    private var result: Result<String, ModelFailure>?
    private var observers: [@Sendable (Result<String, ModelFailure>) -> Void] = []

    package init(waitsForAnswer: Bool) {
        self.waitsForAnswer = waitsForAnswer
    }

    /// A call answered at once (from a cassette, or refused before it started).
    package convenience init(finished result: Result<String, ModelFailure>) {
        self.init(waitsForAnswer: true)
        self.result = result
    }

    /// The text that arrived so far (a streamed answer grows).
    package var partialText: String {
        condition.lock()
        defer { condition.unlock() }
        return streamed
    }

    /// The outcome, once the call ended.
    package var outcome: Result<String, ModelFailure>? {
        condition.lock()
        defer { condition.unlock() }
        return result
    }

    /// More text arrived.
    package func append(_ text: String) {
        condition.lock()
        streamed += text
        condition.unlock()
    }

    /// The call ended; only the first outcome counts.
    package func finish(_ outcome: Result<String, ModelFailure>) {
        condition.lock()
        guard result == nil else { return condition.unlock() }
        result = outcome
        let told = observers
        observers = []
        condition.broadcast()
        condition.unlock()
        for observer in told { observer(outcome) }
    }

    /// Runs `observer` with the outcome when the call ends (at once if it has): a cassette
    /// being recorded writes the answer down.
    package func whenFinished(_ observer: @escaping @Sendable (Result<String, ModelFailure>) -> Void) {
        condition.lock()
        guard let result else {
            observers.append(observer)
            return condition.unlock()
        }
        condition.unlock()
        observer(result)
    }

    /// Blocks until the call ended and returns its outcome.
    package func waitForOutcome() -> Result<String, ModelFailure> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
