import BanterCore
import BanterLua

/// Why the bot answered what it did: what one stretch of a handler run (from a resume to
/// the next pause or the end) was started by, which handlers took it with what captures,
/// what it cost, and what it did or scheduled. Produced by `BotRuntime` when its host
/// asks for traces (`/trace on`, `banter test --trace`, a failing expectation).
package struct HandlerTrace: Hashable, Sendable {
    /// What started this stretch of the run.
    package enum Trigger: Hashable, Sendable {
        /// The user's message, dispatched to the handlers.
        case message(String)
        /// The user's message, taken as the answer to a paused `chat:ask`.
        case answer(String)
        /// The conversation opened (`on_open`); `firstTime` when it was just created.
        case opened(firstTime: Bool)
        /// A paused run woke up: its `chat:wait` or a delayed reply's wait was over.
        case resumed
        /// A `chat:ask` timed out without an answer.
        case askTimedOut
        /// The user added (or took back) a reaction (`on_reaction`).
        case reacted(String, added: Bool)
        /// The user edited one of their messages to this text (`on_edit`).
        case edited(String)
        /// The user deleted one of their messages (`on_delete`).
        case deleted
        /// The user picked a button with this label and payload (`on_button`).
        case pressed(String, payload: String)

        /// Whether a paused run goes on (rather than handlers starting).
        var continuesARun: Bool {
            switch self {
            case .answer, .resumed, .askTimedOut: true
            case .message, .opened, .reacted, .edited, .deleted, .pressed: false
            }
        }
    }

    /// How the stretch ended.
    package enum Outcome: Hashable, Sendable {
        /// The run is over.
        case finished
        /// The run waits until this time.
        case paused(until: Timestamp)
        /// The run waits for the user's next message (`chat:ask`), perhaps until a deadline.
        case asking(deadline: Timestamp?)
        /// The run failed with this error (shown separately as well).
        case failed(ScriptError)
    }

    package var trigger: Trigger
    /// The handlers that ran, in order; for a resumed run, the one that paused.
    package var handlers: [TracedHandler]
    /// Lua instructions executed, counted in steps of `instructionStep`.
    package var instructions: Int
    /// Wall-clock time the stretch took.
    package var elapsed: Duration
    /// What the handlers did and scheduled, in order.
    package var actions: [TraceAction]
    /// Notes raised meanwhile (an undefined global read), also reported on their own.
    package var notes: [ScriptNote]
    package var outcome: Outcome

    /// The sandbox counts instructions in steps of this many.
    static let instructionStep = 1000

    package init(
        trigger: Trigger, handlers: [TracedHandler] = [], instructions: Int = 0, elapsed: Duration = .zero,
        actions: [TraceAction] = [], notes: [ScriptNote] = [], outcome: Outcome = .finished
    ) {
        self.trigger = trigger
        self.handlers = handlers
        self.instructions = instructions
        self.elapsed = elapsed
        self.actions = actions
        self.notes = notes
        self.outcome = outcome
    }
}
