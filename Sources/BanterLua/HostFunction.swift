/// A Swift function callable from Lua. It receives its arguments as data and returns values
/// or asks to pause the running coroutine; it never raises a Lua error itself (that would
/// unwind through Swift frames): it throws `LuaCallError`, and the C trampoline raises it
/// after the Swift closure returned, prefixed with the script's file:line.
package typealias HostFunction = ([LuaValue]) throws(LuaCallError) -> LuaReturn

/// A host function that reads its arguments off the Lua stack itself, converting only what
/// it uses: for the calls every message makes (`chat:reply`), where building an array of
/// converted arguments per call would cost more than the call's own work. Same rules as
/// `HostFunction` otherwise.
package typealias DirectHostFunction = (LuaCall) throws(LuaCallError) -> LuaReturn

/// A registered host function, as the dispatcher calls it.
enum RegisteredHostFunction {
    case converting(HostFunction)
    case direct(DirectHostFunction)
}

/// The arguments of one call into a `DirectHostFunction`: positions 1...count of the
/// calling thread's stack, converted on demand.
package struct LuaCall {
    let thread: OpaquePointer
    let count: Int32
    /// The state that dispatched the call; it outlives the call.
    unowned(unsafe) let state: LuaState

    /// Argument `position` (from 1) as data (raw access, as `HostFunction` arguments are
    /// read); `.nil` past the last one. Each argument may hold `maxConvertedEntries`.
    package func value(_ position: Int32) throws(LuaCallError) -> LuaValue {
        guard position <= count else { return .nil }
        var budget = LuaState.maxConvertedEntries
        return try state.value(at: position, in: thread, depth: 0, budget: &budget)
    }
}

/// What a host function hands back to Lua.
package enum LuaReturn: Sendable {
    case values([LuaValue])
    /// Suspend the running coroutine; its host decides when to resume it and with what.
    case yield
    /// The function pushed this many values itself on `LuaState.callingThread` (for values
    /// that are not plain data, such as a loaded chunk).
    case pushed(Int32)

    package static let none = LuaReturn.values([])
}

/// A host function's failure, raised in the script as a Lua error with this message.
package struct LuaCallError: Error, Hashable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
