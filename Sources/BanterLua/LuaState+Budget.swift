import LuaSandbox

/// What the last call into Lua used of its budget, for traces.
extension LuaState {
    /// Instructions the current (or last) run executed, counted in the hook's steps.
    package var instructionsUsed: Int {
        Int(max(control.pointee.instruction_limit - control.pointee.instructions_left, 0))
    }
}
