/// Where and why a bot's handler is paused in the debugger: what the REPL shows (the source
/// around `line`, the pending reply) and a debug adapter reports as `stopped`.
package struct DebugStop: Hashable, Sendable {
    /// Why it paused.
    package enum Reason: Hashable, Sendable {
        case breakpoint(Breakpoint)
        /// A `step`, `next` or `finish` ended.
        case step
        /// `restart` ran the handler again from its start.
        case restart
    }

    package var reason: Reason
    /// The innermost frame of the bot's own code.
    package var file: String
    package var line: Int
    /// The bot's frames, innermost first.
    package var frames: [ScriptFrame]
    /// The text of the reply being written, when paused at `chat:reply`: shown as pending.
    package var pendingReply: String?

    package init(reason: Reason, file: String, line: Int, frames: [ScriptFrame], pendingReply: String? = nil) {
        self.reason = reason
        self.file = file
        self.line = line
        self.frames = frames
        self.pendingReply = pendingReply
    }

    /// One line saying where and why ("paused at alisha.lua:12 (breakpoint on \"quiz\")").
    package var summary: String {
        let why: String
        switch reason {
        case .breakpoint(let breakpoint): why = "breakpoint \(breakpoint)"
        case .step: why = "step"
        case .restart: why = "restarted"
        }
        let function = frames.first?.function.map { " in \($0)" } ?? ""
        return "paused at \(file):\(line)\(function) (\(why))"
    }
}
