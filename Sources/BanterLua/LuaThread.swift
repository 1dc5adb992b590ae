/// A coroutine the host drives (a handler run, a scenario's main chunk). Created by
/// `LuaState.newThread`, resumed with `LuaState.resume`, released with `LuaState.release`.
package struct LuaThread: Hashable {
    let reference: LuaRef
    /// The coroutine's lua_State; compare it with `LuaState.callingThread`.
    package let pointer: OpaquePointer
}

/// How one resumption of a coroutine ended.
package enum ResumeOutcome {
    /// The coroutine returned these values and is dead.
    case finished([LuaValue])
    /// The coroutine paused (a host function returned `.yield`, or the script yielded).
    case yielded
    /// The coroutine raised an error, ran out of budget or of memory, and is dead.
    case failed(ScriptError)
}
