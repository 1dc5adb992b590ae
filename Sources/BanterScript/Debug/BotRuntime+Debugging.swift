import BanterCore
import BanterLua
import Foundation

/// The step debugger over a bot: breakpoints, the paused handler (its frames, variables,
/// source and memory), expressions evaluated in it, and going on. A paused handler is a
/// suspended coroutine (see `LuaState+Debugging`); while one is paused nothing else of this
/// bot runs, events wait their turn and `nextWakeTime` is nil, so the host's clock may stand
/// still.
extension BotRuntime {
    /// The breakpoints, in the order set; replacing them takes effect at once.
    package var breakpoints: [Breakpoint] {
        get { context.debug.breakpoints }
        set {
            context.debug.breakpoints = newValue
            applyBreakpoints()
        }
    }

    /// Where and why a handler is paused, while one is.
    package var pause: DebugStop? { context.debug.stop }

    /// Hands the breakpoints to the Lua state and the support code (again after a reload).
    func applyBreakpoints() {
        let lines = context.debug.breakpoints.compactMap { breakpoint -> (file: String, line: Int)? in
            if case .line(let file, let line) = breakpoint { return (file, line) }
            return nil
        }
        bot.state.setLineBreakpoints(lines)
        if context.debug.breakpoints.isEmpty { bot.state.forgetSuspendedSteps() }
        bot.watchDebugger(context.debug.watchesSupport)
    }

    /// The handler `run` paused in the debugger: remember it and tell the host.
    func paused(_ run: HandlerRun) {
        let debug = context.debug
        let frames = bot.state.pausedFrames(of: run.thread)
        let top = frames.first
        var reason = debug.requestedReason ?? .step
        if debug.requestedReason == nil, let top,
            let hit = debug.breakpoints.first(where: { Self.breakpoint($0, isAt: top) })
        {
            reason = .breakpoint(hit)
        }
        debug.requestedReason = nil
        let stop = DebugStop(
            reason: reason, file: top?.frame.file ?? fileName, line: top?.frame.line ?? 0,
            frames: frames.map(\.frame),
            pendingReply: debug.pendingReply)
        debug.pausedRun = run
        debug.stop = stop
        context.host?.botPaused(stop)
    }

    /// Whether `breakpoint` is the line `frame` is at.
    private static func breakpoint(_ breakpoint: Breakpoint, isAt frame: PausedFrame) -> Bool {
        guard case .line(let file, let line) = breakpoint, line == frame.frame.line else { return false }
        let wanted = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
        let chunk = frame.chunk.hasPrefix("./") ? String(frame.chunk.dropFirst(2)) : frame.chunk
        return wanted == chunk || chunk.hasSuffix("/" + wanted) || wanted.hasSuffix("/" + chunk)
    }

    /// Lets the paused handler go on as `step` says; it may pause again (the host hears
    /// `botPaused`), and events that waited are handled once it no longer is.
    package func proceed(_ step: DebugStep) {
        let debug = context.debug
        guard let run = debug.pausedRun else { return }
        debug.pausedRun = nil
        debug.stop = nil
        debug.pendingReply = nil
        bot.state.step(step.mode, thread: run.thread)
        running { resume(run, trigger: .resumed, argumentCount: 0) { _ in } }
    }

    /// Runs the paused run again from its start, as Redis's debugger rolls back: the
    /// messages it sent are taken back (`BotHost.botRetracted`), the bot's memory is as it
    /// was when the run started, and the new run pauses at its first line. Throws when
    /// nothing is paused, or the run started before any breakpoint was set (nothing was kept
    /// to start it again from).
    package func restartPaused() throws(ScriptError) {
        let debug = context.debug
        guard let run = debug.pausedRun else { throw ScriptError(reason: "no handler is paused") }
        guard let origin = run.origin else {
            throw ScriptError(
                reason: "this run started before a breakpoint was set, so it cannot be started again: continue instead")
        }
        if !run.sentMessageIDs.isEmpty {
            do {
                try context.host?.botRetracted(messageIDs: run.sentMessageIDs)
            } catch {
                throw ScriptError(file: fileName, reason: "the run's messages could not be taken back: \(error)")
            }
        }
        debug.pausedRun = nil
        debug.stop = nil
        debug.pendingReply = nil
        finish(run)
        context.showTyping(until: nil)
        restoreMemory(origin.memory)
        syncMemory()
        debug.restarting = true
        running { self.run(origin.event) }
        debug.restarting = false
    }

    /// Puts the bot's memory table back to `memory` (JSON per key).
    private func restoreMemory(_ memory: [String: String]) {
        guard let table = bot.state.field(bot.chat, "memory") else { return }
        defer { bot.state.release(table) }
        for key in bot.state.keys(of: table) where memory[key] == nil { bot.state.set(table, key, .nil) }
        for (key, json) in memory {
            if let value = MemoryCodec.decode(json) { bot.state.set(table, key, value) }
        }
    }

    /// The paused handler's frame `index` of the bot's own code (0, the innermost, is where
    /// it stopped; `DebugStop.frames` lists them in the same order).
    private func pausedFrame(at index: Int) -> (run: HandlerRun, frame: PausedFrame)? {
        guard index >= 0, let run = context.debug.pausedRun else { return nil }
        let frames = bot.state.pausedFrames(of: run.thread, maxFrames: index + 1)
        return index < frames.count ? (run, frames[index]) : nil
    }

    /// The upvalues and locals of the paused frame `frame` (0: the innermost), each described
    /// as Lua-like text.
    package func pausedVariables(frame: Int = 0) -> [(name: String, value: String)] {
        guard let (run, paused) = pausedFrame(at: frame) else { return [] }
        return bot.state.variables(of: run.thread, frame: paused)
    }

    /// The entries of the table reached from variable `name` of paused frame `frame` through
    /// `path` (see `LuaState.children`); `memory` names the bot's memory, as in `print`.
    package func pausedChildren(frame: Int, name: String, path: [Int]) throws(ScriptError) -> [(
        name: String, value: String
    )] {
        guard let (run, paused) = pausedFrame(at: frame) else { throw ScriptError(reason: "no such paused frame") }
        return try withMemory { extras throws(ScriptError) in
            try bot.state.children(of: run.thread, frame: paused, extras: extras, name: name, path: path)
        }
    }

    /// The value of the Lua expression `expression` in paused frame `frame` (0: where it
    /// stopped): it sees copies of the frame's locals and upvalues (and its callers'),
    /// `memory` (the bot's memory) and the pure library functions, so it cannot change the
    /// bot. Throws when nothing is paused, or the expression does not compile or fails.
    package func evaluatePaused(_ expression: String, frame: Int = 0) throws(ScriptError) -> String {
        guard let (run, paused) = pausedFrame(at: frame) else { throw ScriptError(reason: "no handler is paused") }
        return try withMemory { extras throws(ScriptError) in
            try bot.state.evaluate(expression, in: run.thread, frame: paused, extras: extras)
        }
    }

    /// Calls `body` with the bot's memory table as the extra variable `memory` a paused
    /// expression sees.
    private func withMemory<Result>(_ body: ([String: LuaRef]) throws(ScriptError) -> Result) throws(ScriptError)
        -> Result
    {
        let memory = bot.state.field(bot.chat, "memory")
        defer { memory.map(bot.state.release) }
        return try body(memory.map { ["memory": $0] } ?? [:])
    }

    /// The bot's memory as it is now in the paused handler (written keys included, saved
    /// or not), as Lua-like text.
    package func pausedMemory() -> String {
        guard let memory = bot.state.field(bot.chat, "memory") else { return "{}" }
        defer { bot.state.release(memory) }
        return bot.state.describe(memory)
    }

    /// The path of `file` (a frame's file, as Lua names it): the script itself, or a module
    /// it required from its folder.
    package func sourcePath(of file: String) -> String {
        let name = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
        return name == URL(fileURLWithPath: scriptPath).lastPathComponent
            ? scriptPath : URL(fileURLWithPath: context.botDirectory).appendingPathComponent(name).path
    }

    /// The lines of `file` (a frame's file, as Lua names it) from `line - radius` to
    /// `line + radius`, numbered; empty when the file cannot be read.
    package func sourceLines(of file: String, around line: Int, radius: Int = 3) -> [(number: Int, text: String)] {
        let name = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
        guard let bytes = try? LuaState.read(sourcePath(of: file), as: name, limit: limits.maxChunkBytes) else {
            return []
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let first = max(1, line - radius)
        let last = min(lines.count, line + radius)
        guard first <= last else { return [] }
        return (first...last).map { ($0, String(lines[$0 - 1])) }
    }
}
