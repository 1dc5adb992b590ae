import BanterCore
import BanterLua

/// One run of handlers (for a message or an open) in its own coroutine, and why it is paused.
final class HandlerRun {
    let thread: LuaThread
    let sequence: Int
    /// Resume at this time (a wait or a delayed reply).
    var wakeAt: Timestamp?
    /// Waiting for the user's next message (`chat:ask`), until `askDeadline` if set.
    var isAsking = false
    var askDeadline: Timestamp?
    /// Waiting for a language model's answer (`chat:complete` in a live chat).
    var modelCall: ModelCall?
    /// When to look whether `modelCall` has answered (a live chat polls for it).
    var modelCheckAt: Timestamp?
    var replies = 0
    var pauses = 0
    /// The stretch being traced, while the host asks for traces.
    var trace: HandlerTrace?
    /// Handlers the support code dispatched to in this stretch: kind, index among the
    /// handlers of that kind, and the pattern's captures (resolved to places by the runtime).
    var dispatched: [(kind: String, index: Int, captures: [String])] = []
    /// The last handler this run entered, named again when it resumes.
    var lastHandler: TracedHandler?
    /// Steps of a delayed `chat:reply` still to come (its waits, its typing, its send):
    /// the trace lists the reply once, when it is scheduled.
    var pendingReplySteps = 0

    /// What started the run and the bot's memory then (JSON per key), for the debugger's
    /// `restart`; kept only while breakpoints are set.
    var origin: (event: BotRuntime.Event, memory: [String: String])?
    /// The messages this run sent, kept only while breakpoints are set (`restart` takes
    /// them back).
    var sentMessageIDs: [Int64] = []

    init(thread: LuaThread, sequence: Int) {
        self.thread = thread
        self.sequence = sequence
    }

    /// When the runtime must look at this run again, if it is waiting on time.
    var dueAt: Timestamp? {
        wakeAt ?? (isAsking ? askDeadline : modelCheckAt)
    }

    var isPaused: Bool { wakeAt != nil || isAsking || modelCall != nil }
}
