import BanterCore
import CLua
import Foundation
import LuaSandbox

/// The host's step debugger over one state. The C hook (`banter_debug` in LuaSandbox.h)
/// pauses the host-driven coroutine at a breakpoint or after a step by yielding it, so a
/// paused handler is a suspended coroutine like one that waits: no Swift frame is left
/// inside Lua, and the host reads its frames and variables with the C API. Nothing here is
/// reachable by a script (bots still get only the read-only `debug` subset).
///
/// While paused the rest of the run's budget is kept aside and given back when the
/// coroutine resumes (`resume` restores it), so time spent paused never counts.
final class LuaDebugState {
    let breakpoints = LineBreakpoints()
    /// Stepping requested, or line breakpoints set: the hook takes line events.
    var stepping = false
    /// The budget a paused run had left, restored when it resumes.
    var pausedBudget: (instructions: Int64, patternSteps: Int64, seconds: Double, stopped: Int32)?
    /// The trusted `debugger.lua` table, loaded the first time it is needed.
    var supportRef: LuaRef?
    /// Steps that a coroutine was taking when it yielded to wait (a delayed `chat:reply`, a
    /// `chat:wait`, an `ask`), by coroutine: taken up again when it resumes, so `next` over
    /// a line that waits stops at the line after it.
    var suspendedSteps: [OpaquePointer: (step: Int32, depth: Int32)] = [:]
}

extension LuaState {
    /// Replaces the line breakpoints (file as the user typed it, line number).
    package func setLineBreakpoints(_ lines: [(file: String, line: Int)]) {
        debugging.breakpoints.set(lines)
        control.pointee.debug.lines = UnsafePointer(debugging.breakpoints.marks.baseAddress)
        control.pointee.debug.line_count = Int32(debugging.breakpoints.marks.count)
        control.pointee.debug.test = { owner, source, line in
            let state = Unmanaged<LuaState>.fromOpaque(owner!).takeUnretainedValue()
            return state.debugging.breakpoints.contains(source: String(cString: source!), line: Int(line)) ? 1 : 0
        }
        updateDebugActivity()
    }

    /// Whether the last resumption ended in a debugger pause (not a wait or an ask).
    package var isDebugPaused: Bool { control.pointee.debug.stopped != 0 }

    /// Pauses the coroutine that called the running host function once it returns
    /// `.yield`: a breakpoint a host function decides (the next `chat:reply`).
    package func pauseCaller() {
        control.pointee.debug.stopped = 1
        control.pointee.debug.hooked = 0
    }

    /// Whether `thread` may be paused from the host function it is calling (not from inside
    /// a C call such as `table.sort`'s comparator).
    package func canPause(_ thread: OpaquePointer) -> Bool {
        lua_isyieldable(thread) != 0
    }

    /// Makes the next `resume` of the paused coroutine step as `mode` says (nil: run on to
    /// the next breakpoint).
    package func step(_ mode: StepMode?, thread: LuaThread) {
        control.pointee.debug.step = mode?.code ?? Int32(BANTER_STEP_NONE)
        control.pointee.debug.depth = banter_script_depth(thread.pointer)
        debugging.stepping = mode != nil
        updateDebugActivity()
    }

    /// Stops at the next line of the script's own code the running coroutine executes (a
    /// breakpoint on a handler, set when the support code is about to call it).
    package func stopAtNextLine() {
        control.pointee.debug.step = Int32(BANTER_STEP_INTO)
        debugging.stepping = true
        updateDebugActivity()
        if let callingThread { banter_sethook(callingThread) }
    }

    /// Arms the line hook only while breakpoints or a step need it, so a debug session with
    /// no breakpoint runs at the speed of one without a debugger.
    private func updateDebugActivity() {
        control.pointee.debug.active = debugging.stepping || !debugging.breakpoints.keys.isEmpty ? 1 : 0
    }

    /// Forgets the steps coroutines were taking when they yielded to wait (the debugger was
    /// turned off, or no breakpoint is left).
    package func forgetSuspendedSteps() {
        debugging.suspendedSteps.removeAll()
    }

    /// Called by `resume` before `lua_resume`: arms the budget (a paused run gets back what
    /// it had left, the pause itself not counted), aims the hook at `thread` and takes up
    /// the step it was taking when it yielded to wait.
    func armForResume(_ thread: OpaquePointer) {
        banter_arm(control)
        control.pointee.debug.thread = thread
        control.pointee.debug.stopped = 0
        // Empty unless a debugger stepped: a look-up in it hashed the thread on every run.
        if !debugging.suspendedSteps.isEmpty, let suspended = debugging.suspendedSteps.removeValue(forKey: thread) {
            control.pointee.debug.step = suspended.step
            control.pointee.debug.depth = suspended.depth
            debugging.stepping = true
            updateDebugActivity()
        }
        guard let budget = debugging.pausedBudget else { return }
        debugging.pausedBudget = nil
        control.pointee.instructions_left = budget.instructions
        control.pointee.pattern_steps_left = budget.patternSteps
        if control.pointee.time_limit > 0 { control.pointee.deadline = banter_monotonic() + budget.seconds }
        control.pointee.stopped = budget.stopped
    }

    /// Called by `resume` after `lua_resume`: keeps a paused run's budget aside.
    func finishDebugResume() {
        let thread = control.pointee.debug.thread
        control.pointee.debug.thread = nil
        guard control.pointee.debug.stopped != 0 else {
            if debugging.stepping, control.pointee.debug.step != Int32(BANTER_STEP_NONE), let thread,
                lua_status(thread) == LUA_YIELD
            {
                debugging.suspendedSteps[thread] = (control.pointee.debug.step, control.pointee.debug.depth)
            }
            debugging.stepping = false
            control.pointee.debug.step = Int32(BANTER_STEP_NONE)
            updateDebugActivity()
            return
        }
        let seconds = control.pointee.deadline > 0 ? max(control.pointee.deadline - banter_monotonic(), 0) : 0
        debugging.pausedBudget = (
            control.pointee.instructions_left, control.pointee.pattern_steps_left, seconds, control.pointee.stopped
        )
    }

    /// The frames of the script's own code on a paused coroutine, innermost first.
    package func pausedFrames(of thread: LuaThread, maxFrames: Int = 50) -> [PausedFrame] {
        let co = thread.pointer
        var frames: [PausedFrame] = []
        var record = lua_Debug()
        var level: Int32 = 0
        while frames.count < maxFrames, lua_getstack(co, level, &record) != 0 {
            lua_getinfo(co, "Sln", &record)
            defer { level += 1 }
            guard record.currentline > 0, let source = record.source else { continue }
            let chunk = String(cString: source)
            guard !chunk.hasPrefix("=[banter") else {
                // A function Banter's support code called is a handler (as in `scriptFrames`).
                if let last = frames.indices.last, frames[last].frame.function != "main chunk" {
                    frames[last].frame.function = "handler"
                }
                continue
            }
            var function: String?
            if let name = record.name, let kind = record.namewhat, kind.pointee != 0 {
                function = "\(String(cString: kind)) '\(ScriptError.oneLine(String(cString: name)))'"
            } else if let what = record.what, String(cString: what) == "main" {
                function = "main chunk"
            }
            let file = withUnsafeBytes(of: &record.short_src) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            // The hook paused the innermost frame one instruction early (see banter_debug).
            let line = level == 0 && control.pointee.debug.hooked != 0 ? control.pointee.debug.line : record.currentline
            frames.append(
                PausedFrame(
                    frame: ScriptFrame(file: file, line: Int(line), function: function),
                    chunk: chunk.hasPrefix("@") ? String(chunk.dropFirst()) : chunk, level: level))
        }
        return frames
    }

    /// The names and values (described as Lua-like text) of `frame`'s variables: its
    /// upvalues, then its locals in the order declared (the temporaries Lua names "(…)" and
    /// `_ENV` left out).
    package func variables(of thread: LuaThread, frame: PausedFrame) -> [(name: String, value: String)] {
        let scope = scopeTable(of: thread, frame: frame, extras: [:])
        defer { release(scope.table) }
        return scope.names.map { name in
            let text = (try? runDebugger("describe_field", .reference(scope.table), .string(name))) ?? "<unreadable>"
            return (name, text)
        }
    }

    /// The entries of the table reached from the variable `name` of `frame` (or of `extras`)
    /// through `path` (1-based positions in the order `describe` shows a table's entries),
    /// each named and described; empty when that is not a table. How a debug adapter
    /// expands nested tables: the run is paused, so the positions stay put.
    package func children(
        of thread: LuaThread, frame: PausedFrame, extras: [String: LuaRef] = [:], name: String, path: [Int]
    ) throws(ScriptError) -> [(name: String, value: String)] {
        let scope = scopeTable(of: thread, frame: frame, extras: extras)
        defer { release(scope.table) }
        let path = path.map(String.init).joined(separator: ".")
        let text = try runDebugger("children", .reference(scope.table), .string(name), .string(path))
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The value of the Lua expression `expression` in `frame`, described: it sees copies
    /// of the frame's variables (and of its callers', which the frame's shadow, so `msg` is
    /// there inside a helper the handler called), `extras` (such as the bot's memory) and the pure library
    /// functions, under the state's budget and memory cap, so it cannot change the bot.
    package func evaluate(_ expression: String, in thread: LuaThread, frame: PausedFrame, extras: [String: LuaRef])
        throws(ScriptError) -> String
    {
        let scope = scopeTable(of: thread, frame: frame, extras: extras, outerFrames: true)
        defer { release(scope.table) }
        return try runDebugger("evaluate", .string(expression), .reference(scope.table))
    }

    /// The value held by `reference`, described as Lua-like text.
    package func describe(_ reference: LuaRef) -> String {
        (try? runDebugger("describe", .reference(reference))) ?? "<unreadable>"
    }

    /// A fresh table of variables by name and the names in the order found: `frame`'s
    /// upvalues, then its locals (so an inner local shadows), then `extras`. With
    /// `outerFrames`, the variables of the frames that called it come first (the current
    /// frame's shadow them), and a `msg` still missing is taken from the nearest frame that
    /// has one (the message the run handles, held by Banter's dispatch).
    private func scopeTable(
        of thread: LuaThread, frame: PausedFrame, extras: [String: LuaRef], outerFrames: Bool = false
    )
        -> (table: LuaRef, names: [String])
    {
        let co = thread.pointer
        lua_createtable(L, 0, 8)
        var names: [String] = []
        /// The innermost frame's locals as the hook kept them, each pushed onto `co` for `keep`.
        func keepHookedLocals(_ keep: (UnsafePointer<CChar>) -> Void) {
            guard lua_getfield(co, BANTER_LUA_REGISTRYINDEX, BANTER_DEBUG_LOCALS) == LUA_TTABLE else {
                banter_lua_pop(co, 1)
                return
            }
            lua_getfield(co, -1, "n")
            let count = banter_lua_tointeger(co, -1)
            banter_lua_pop(co, 1)
            for index in stride(from: lua_Integer(0), to: count, by: 1) {
                lua_rawgeti(co, -1, 2 * index + 1)
                let name = string(at: -1, in: co)
                banter_lua_pop(co, 1)
                lua_rawgeti(co, -1, 2 * index + 2)
                name.withCString { keep($0) }
            }
            banter_lua_pop(co, 1)
        }
        func add(level: Int32, upvalues: Bool, only wanted: String? = nil) {
            var record = lua_Debug()
            guard lua_checkstack(co, 3) != 0, lua_getstack(co, level, &record) != 0 else { return }
            func keep(_ name: UnsafePointer<CChar>) {
                let text = String(cString: name)
                if !text.hasPrefix("("), text != "_ENV", !text.isEmpty, wanted == nil || wanted == text {
                    lua_xmove(co, L, 1)
                    lua_setfield(L, -2, text)
                    if let index = names.firstIndex(of: text) { names.remove(at: index) }
                    names.append(text)
                } else {
                    banter_lua_pop(co, 1)
                }
            }
            if upvalues {
                lua_getinfo(co, "f", &record)
                var index: Int32 = 1
                while let name = lua_getupvalue(co, -1, index) {
                    keep(name)
                    index += 1
                }
                banter_lua_pop(co, 1)
            }
            if level == 0 && control.pointee.debug.hooked != 0 {
                keepHookedLocals(keep)
                return
            }
            var index: Int32 = 1
            while let name = lua_getlocal(co, &record, index) {
                keep(name)
                index += 1
            }
        }
        if outerFrames {
            for outer in pausedFrames(of: thread).reversed() where outer.level > frame.level {
                add(level: outer.level, upvalues: true)
            }
        }
        add(level: frame.level, upvalues: true)
        if outerFrames && !names.contains("msg") {
            var level = frame.level + 1
            var record = lua_Debug()
            while !names.contains("msg"), lua_getstack(co, level, &record) != 0 {
                add(level: level, upvalues: false, only: "msg")
                level += 1
            }
        }
        for (name, value) in extras.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(value.id))
            lua_setfield(L, -2, name)
            names.append(name)
        }
        return (LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX)), names)
    }

    /// Calls `debugger.lua`'s function `name` with `arguments` under a fresh budget (the
    /// paused run's is kept aside) and returns its string result.
    private func runDebugger(_ name: String, _ arguments: DebuggerArgument...) throws(ScriptError) -> String {
        let support = try debuggerSupport()
        guard let function = field(support, name) else {
            throw ScriptError(reason: "internal error: the debugger has no \(name)")
        }
        defer { release(function) }
        let thread = newThread(running: function)
        defer { release(thread) }
        let co = thread.pointer
        for argument in arguments {
            switch argument {
            case .reference(let reference): lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(reference.id))
            case .string(let text): pushString(text, on: L)
            }
            lua_xmove(L, co, 1)
        }
        let pausedStop = control.pointee.stopped
        banter_arm(control)
        banter_sethook(co)
        var resultCount: Int32 = 0
        control.pointee.capped = 1
        let status = lua_resume(co, L, Int32(arguments.count), &resultCount)
        control.pointee.capped = 0
        defer { control.pointee.stopped = pausedStop }
        if control.pointee.stopped != 0 && status == LUA_OK { throw stopError() }
        guard status == LUA_OK else {
            if status == LUA_YIELD { throw ScriptError(reason: "the expression paused") }
            var error = scriptError(in: co, status: status)
            error.frames = []
            throw error
        }
        let text = resultCount > 0 ? string(at: -resultCount, in: co) : ""
        lua_settop(co, 0)
        return text
    }

    private func debuggerSupport() throws(ScriptError) -> LuaRef {
        if let reference = debugging.supportRef { return reference }
        let chunk = try loadTrusted(source: EmbeddedLua.debugger, name: "debugger")
        defer { release(chunk) }
        let reference = try evaluate(chunk)
        debugging.supportRef = reference
        return reference
    }
}

/// A value passed to the debugger's Lua side.
private enum DebuggerArgument {
    case reference(LuaRef)
    case string(String)
}
