import BanterCore
import BanterScript
import Foundation

/// The step debugger, as the REPL and the debug adapter drive it: `/debug on|off`,
/// numbered breakpoints handed to the open bot, and the paused handler (where it is, its
/// variables, expressions, going on). A pause freezes a live clock (`botPaused`); going on
/// lets it run again.
extension ChatSession {
    /// Whether breakpoints are armed. Turning it off lets a paused handler run on.
    package var isDebugging: Bool {
        get { debugger.isOn }
        set {
            debugger.isOn = newValue
            applyBreakpoints()
            if !newValue, pause != nil { proceed(.continue) }
        }
    }

    /// The breakpoints with their numbers, in the order set.
    package var breakpoints: [(number: Int, breakpoint: Breakpoint)] { debugger.breakpoints }

    /// Adds a breakpoint (an equal one is not added twice) and returns its number.
    @discardableResult
    package func addBreakpoint(_ breakpoint: Breakpoint) -> Int {
        if let existing = debugger.breakpoints.first(where: { $0.breakpoint == breakpoint }) { return existing.number }
        let number = debugger.nextNumber
        debugger.nextNumber += 1
        debugger.breakpoints.append((number, breakpoint))
        applyBreakpoints()
        return number
    }

    /// Removes breakpoint `number`, returning what it was.
    @discardableResult
    package func deleteBreakpoint(_ number: Int) throws(ChatError) -> Breakpoint {
        guard let index = debugger.breakpoints.firstIndex(where: { $0.number == number }) else {
            let known = debugger.breakpoints.map { String($0.number) }
            throw .debugger(
                known.isEmpty
                    ? "there is no breakpoint \(number): none is set (/break FILE:LINE sets one)"
                    : "there is no breakpoint \(number): /breaks lists them (\(known.joined(separator: ", ")))")
        }
        let removed = debugger.breakpoints.remove(at: index).breakpoint
        applyBreakpoints()
        return removed
    }

    /// Hands the breakpoints to the open bot and a group's bots (none while the debugger is
    /// off): a line breakpoint stops only the bot whose file it names, a handler or reply
    /// breakpoint any of them.
    func applyBreakpoints() {
        let armed = debugger.isOn ? debugger.breakpoints.map(\.breakpoint) : []
        for bot in luaBots where bot.breakpoints != armed { bot.breakpoints = armed }
    }

    /// Where and why the open bot (or one of a group's) is paused, while one is.
    package var pause: DebugStop? { pausedLuaBot?.pause }

    /// Lets the paused handler go on as `step` says, the clock running again; it may pause
    /// again (a `.botPaused` event says where).
    package func proceed(_ step: DebugStep) {
        guard let bot = pausedLuaBot else { return }
        (clock as? LiveClock)?.thaw()
        bot.proceed(step)
    }

    /// Runs the paused handler again from its start (see `BotRuntime.restartPaused`): its
    /// messages taken back, the bot's memory as it was; it pauses at its first line.
    package func restartPaused() throws(ChatError) {
        let bot = try pausedBot()
        (clock as? LiveClock)?.thaw()
        do {
            try bot.restartPaused()
        } catch {
            if bot.pause == nil { (clock as? LiveClock)?.freeze() }
            throw .script(error)
        }
    }

    /// The value of a Lua expression in paused frame `frame`, 0 the innermost (see
    /// `BotRuntime.evaluatePaused`).
    package func evaluatePaused(_ expression: String, frame: Int = 0) throws(ChatError) -> String {
        let bot = try pausedBot()
        do {
            return try bot.evaluatePaused(expression, frame: frame)
        } catch {
            throw .script(error)
        }
    }

    /// Paused frame `frame`'s upvalues and locals, described.
    package func pausedVariables(frame: Int = 0) throws(ChatError) -> [(name: String, value: String)] {
        try pausedBot().pausedVariables(frame: frame)
    }

    /// The entries of a table in paused frame `frame`: the variable `name` (`memory` for the
    /// bot's memory), then `path`'s positions (see `BotRuntime.pausedChildren`).
    package func pausedChildren(frame: Int, name: String, path: [Int]) throws(ChatError) -> [(
        name: String, value: String
    )] {
        let bot = try pausedBot()
        do {
            return try bot.pausedChildren(frame: frame, name: name, path: path)
        } catch {
            throw .script(error)
        }
    }

    /// Where the file a paused frame names (`ScriptFrame.file`) is on disk, for an editor to
    /// open: from the paused bot's folder; nil when none is paused.
    package func sourcePath(ofFrameFile file: String) -> String? { pausedLuaBot?.sourcePath(of: file) }

    /// The folder of the open Lua bot's script, the folder its breakpoints' files are named
    /// from; nil without one.
    package var botFolder: String? {
        guard let luaBot else { return nil }
        return URL(fileURLWithPath: luaBot.scriptPath).deletingLastPathComponent().path
    }

    /// The bot's memory as the paused handler sees it, described.
    package func pausedMemory() throws(ChatError) -> String {
        try pausedBot().pausedMemory()
    }

    /// The source around the paused line, numbered (empty when the file cannot be read).
    package func pausedSource(radius: Int = 3) -> [(number: Int, text: String)] {
        guard let bot = pausedLuaBot, let pause = bot.pause else { return [] }
        return bot.sourceLines(of: pause.file, around: pause.line, radius: radius)
    }

    /// The open bot when it is a Lua script: a program bot (BanterExternal) has no frames to stop in.
    private var luaBot: BotRuntime? { bot as? BotRuntime }

    /// The open bot and a group's bots that are Lua scripts.
    private var luaBots: [BotRuntime] {
        (luaBot.map { [$0] } ?? []) + members.compactMap { $0.runtime as? BotRuntime }
    }

    /// The Lua bot paused in the debugger, if one is (only one can be: nothing else runs then).
    private var pausedLuaBot: BotRuntime? { luaBots.first { $0.pause != nil } }

    private func pausedBot() throws(ChatError) -> BotRuntime {
        guard let bot = pausedLuaBot else {
            throw .debugger("no handler is paused: /debug on and a /break stop one")
        }
        return bot
    }
}
