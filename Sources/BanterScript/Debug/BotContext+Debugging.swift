import BanterCore
import BanterLua

/// The host functions through which the support code lets the debugger pause before a
/// handler (`debug_enter`) or a reply (`debug_reply`); called only while a breakpoint needs
/// them (`control.debugging`).
extension BotContext {
    /// The support code is about to call the `on` handler of `pattern`: with a breakpoint on
    /// it, the handler's first line pauses.
    func debugEnter(_ arguments: [LuaValue], state: LuaState) -> LuaReturn {
        guard let run = currentRun, state.callingThread == run.thread.pointer, arguments.count >= 3,
            let pattern = arguments[2].stringValue, let breakpoint = debug.breakpoint(forPattern: pattern)
        else { return .none }
        debug.requestedReason = .breakpoint(breakpoint)
        state.stopAtNextLine()
        return .none
    }

    /// `chat:reply(text)` is starting: with a breakpoint on replies, the handler pauses here,
    /// the text shown as the pending reply.
    func debugReply(_ arguments: [LuaValue], state: LuaState) -> LuaReturn {
        guard let run = currentRun, let caller = state.callingThread, caller == run.thread.pointer,
            debug.breaksAtReply, state.canPause(caller)
        else { return .none }
        debug.requestedReason = .breakpoint(.reply)
        debug.pendingReply = arguments.first.map { LuaState.printable($0) }
        state.pauseCaller()
        return .yield
    }
}
