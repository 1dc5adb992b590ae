import CLua
import LuaSandbox

extension LuaState {
    /// Runs the `__gc` finalizers of the objects Lua's collector queued (see the prelude's
    /// `run_finalizers`), as script code in a coroutine of the host, under what is left of
    /// the current run's budget. Called at safe points (after a run ended or paused), never
    /// from inside the collector or a host call. A finalizer's error is reported to
    /// `finalizerFailed` and the others still run; a stop of the budget stays recorded, so
    /// the run that queued them reports it (`finalizerStop`). Returns whether the budget
    /// stopped a finalizer.
    @discardableResult
    func runQueuedFinalizers() -> Bool {
        guard control.pointee.finalizers_queued > control.pointee.finalizers_taken, finalizersRef != LUA_NOREF,
            control.pointee.stopped == 0
        else {
            return false
        }
        let thread = newThread(running: LuaRef(id: finalizersRef))
        defer { release(thread) }
        banter_sethook(thread.pointer)
        var resultCount: Int32 = 0
        control.pointee.capped = 1
        let status = lua_resume(thread.pointer, L, 0, &resultCount)
        control.pointee.capped = 0
        if status == LUA_OK || status == LUA_YIELD {
            lua_settop(thread.pointer, 0)
        } else if control.pointee.stopped == 0 {
            finalizerFailed?(scriptError(in: thread.pointer, status: status).description)
        }
        return control.pointee.stopped != 0
    }

    /// The stop of a finalizer the host ran after a run, said as such: the run itself
    /// finished, and the place is the finalizer's loop ("bot.lua:3: stopped (in a __gc
    /// finalizer): more than … instructions in one run (an endless loop?)").
    func finalizerStop() -> ScriptError {
        var error = stopError()
        if error.reason.hasPrefix("stopped: ") {
            error.reason = "stopped (in a __gc finalizer): " + error.reason.dropFirst("stopped: ".count)
        }
        return error
    }
}
