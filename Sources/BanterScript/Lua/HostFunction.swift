/// A Swift function callable from Lua. It receives its arguments as data and returns values
/// or asks to pause the running coroutine; it never raises a Lua error itself (that would
/// unwind through Swift frames): it throws `LuaCallError`, and the C trampoline raises it
/// after the Swift closure returned, prefixed with the script's file:line.
typealias HostFunction = ([LuaValue]) throws(LuaCallError) -> LuaReturn

/// What a host function hands back to Lua.
enum LuaReturn: Sendable {
    case values([LuaValue])
    /// Suspend the running coroutine; its host decides when to resume it and with what.
    case yield
    /// The function pushed this many values itself on `LuaState.callingThread` (for values
    /// that are not plain data, such as a loaded chunk).
    case pushed(Int32)

    static let none = LuaReturn.values([])
}

/// A host function's failure, raised in the script as a Lua error with this message.
struct LuaCallError: Error, Hashable, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
