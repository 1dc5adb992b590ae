/// Where and why a bot's handler is paused in the debugger: what the REPL shows (the source
/// around `line`, the pending reply) and a debug adapter reports as `stopped`.
public struct DebugStop: Hashable, Sendable {
    /// Why it paused.
    public enum Reason: Hashable, Sendable {
        case breakpoint(Breakpoint)
        /// A `step`, `next` or `finish` ended.
        case step
        /// `restart` ran the handler again from its start.
        case restart
    }

    public var reason: Reason
    /// The innermost frame of the bot's own code.
    public var file: String
    public var line: Int
    /// The bot's frames, innermost first.
    public var frames: [DebugFrame]
    /// The text of the reply being written, when paused at `chat:reply`: shown as pending.
    public var pendingReply: String?

    public init(reason: Reason, file: String, line: Int, frames: [DebugFrame], pendingReply: String? = nil) {
        self.reason = reason
        self.file = file
        self.line = line
        self.frames = frames
        self.pendingReply = pendingReply
    }

    /// One line saying where and why ("paused at alisha.lua:12 (breakpoint on \"quiz\")").
    public var summary: String {
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
