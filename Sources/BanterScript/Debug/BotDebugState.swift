import BanterCore

/// What the runtime's debugger holds between runs: the breakpoints, the run it paused and
/// why, and a snapshot for `restart`. Shared with the host functions (through `BotContext`)
/// that pause at a handler or a reply.
final class BotDebugState {
    var breakpoints: [Breakpoint] = []
    /// The run paused in the debugger, if any: while it is, nothing else runs.
    var pausedRun: HandlerRun?
    var stop: DebugStop?
    /// Why the support code asked for a pause that the next stop reports.
    var requestedReason: DebugStop.Reason?
    var pendingReply: String?
    /// The next run started is a restart: it pauses at its first line.
    var restarting = false

    var breaksAtReply: Bool { breakpoints.contains(.reply) }

    /// The breakpoint that names the `on` handler of `pattern`, if one does: by the pattern
    /// as written, or by a part of it (`on "quiz"` stops at `on("^quiz", …)`).
    func breakpoint(forPattern pattern: String) -> Breakpoint? {
        breakpoints.first { breakpoint in
            guard case .handler(let wanted) = breakpoint else { return false }
            return pattern.contains(wanted)
        }
    }

    /// Whether the support code must call into the host before handlers and replies.
    var watchesSupport: Bool {
        breakpoints.contains { if case .line = $0 { false } else { true } }
    }
}
