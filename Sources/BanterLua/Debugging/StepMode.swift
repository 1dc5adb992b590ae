import LuaSandbox

/// How a paused coroutine goes on: the debugger's `step`, `next` and `finish`.
package enum StepMode: Sendable {
    /// Stop at the next line of the script's own code, entering calls.
    case into
    /// Stop at the next line in the same function or one that called it.
    case over
    /// Stop at the next line of a function that called this one.
    case out

    var code: Int32 {
        switch self {
        case .into: Int32(BANTER_STEP_INTO)
        case .over: Int32(BANTER_STEP_OVER)
        case .out: Int32(BANTER_STEP_OUT)
        }
    }
}
