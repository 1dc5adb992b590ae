/// How a handler paused in the step debugger goes on, as the debugger's commands name it.
package enum DebugStep: String, Hashable, Sendable, CaseIterable {
    /// To the next line of the bot's code, into calls.
    case step
    /// To the next line in this function (over calls).
    case next
    /// Until this function returns to its caller.
    case finish
    /// Until the next breakpoint, or the end of the run.
    case `continue`
}
