import BanterCore

/// The session's side of the step debugger: whether it is on (`/debug on`) and the
/// breakpoints by the number the user deletes them with; numbers are never reused.
struct SessionDebugger {
    var isOn = false
    var breakpoints: [(number: Int, breakpoint: Breakpoint)] = []
    var nextNumber = 1
}
