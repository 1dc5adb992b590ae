import BanterCore
import BanterLua

/// A bot as it stood at a point of a scenario, to come back to: its whole Lua state
/// (`LuaSnapshot`) and what the runtime keeps beside it. A scenario's branches share the
/// steps before them; each leaf after the first starts from the bot as those steps left it.
extension BotRuntime {
    /// The bot at a quiet moment (see `mark()`).
    package struct Mark {
        let bot: LoadedBot
        let snapshot: LuaSnapshot
        let nextSequence: Int
        let savedMemory: [String: String]
        let typingCharactersPerSecond: Double
        let typingUntil: Timestamp?
    }

    /// The bot as it is now, or nil when it cannot be put back exactly: a handler is paused
    /// or waiting (its run is more than Lua memory), an event waits, the debugger or coverage
    /// watches it, or its state was not made `snapshotting`.
    package func mark() -> Mark? {
        guard runs.isEmpty, !isRunning, deferredEvents.isEmpty, context.debug.pausedRun == nil,
            context.debug.breakpoints.isEmpty, context.host?.recordsCoverage != true,
            let snapshot = bot.state.snapshot()
        else { return nil }
        return Mark(
            bot: bot, snapshot: snapshot, nextSequence: nextSequence, savedMemory: savedMemory,
            typingCharactersPerSecond: context.typingCharactersPerSecond, typingUntil: context.typingUntil)
    }

    /// Puts the bot back as it was at `mark`, dropping what it still had paused; false when
    /// it cannot (it reloaded since, or its Lua state took memory outside its region): run
    /// from the start then.
    package func restore(_ mark: Mark) -> Bool {
        guard mark.bot === bot, !isRunning else { return false }
        for run in runs { bot.state.release(run.thread) }
        runs.removeAll()
        guard bot.state.restore(mark.snapshot) else { return false }
        context.debug.pausedRun = nil
        context.debug.stop = nil
        deferredEvents.removeAll()
        nextSequence = mark.nextSequence
        savedMemory = mark.savedMemory
        context.typingCharactersPerSecond = mark.typingCharactersPerSecond
        context.typingUntil = mark.typingUntil
        context.currentRun = nil
        return true
    }
}
