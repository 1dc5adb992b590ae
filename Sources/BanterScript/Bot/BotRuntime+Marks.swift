import BanterCore
import BanterLua

/// The bot as it stood at a quiet moment, to come back to: its whole Lua state
/// (`LuaSnapshot`) and what the runtime keeps beside it. A scenario's branch leaves start
/// from the bot as their shared prefix left it, and `banter crawl`'s paths from the bot as
/// the opening left it, instead of loading it and running the steps (or `on_open`) again.
extension BotRuntime {
    /// The bot at a quiet moment (see `mark()`).
    package struct Mark {
        /// The loaded bot it was taken of: a reload makes another, which it cannot restore.
        let bot: LoadedBot
        let snapshot: LuaSnapshot
        let nextSequence: Int
        let savedMemory: [String: String]
        let typingCharactersPerSecond: Double
        let typingUntil: Timestamp?
    }

    /// The bot as it is now, or nil when it cannot be put back exactly: a handler is paused
    /// or waiting (its coroutine and timers would have to come back too), an event waits,
    /// the debugger or coverage watches it, or its Lua state cannot be copied (see
    /// `LuaState.snapshot()`).
    package func mark() -> Mark? {
        guard runs.isEmpty, !isRunning, deferredEvents.isEmpty, context.currentRun == nil,
            context.debug.pausedRun == nil, context.debug.breakpoints.isEmpty,
            context.host?.recordsCoverage != true, let snapshot = bot.state.snapshot()
        else { return nil }
        return Mark(
            bot: bot, snapshot: snapshot, nextSequence: nextSequence, savedMemory: savedMemory,
            typingCharactersPerSecond: context.typingCharactersPerSecond, typingUntil: context.typingUntil)
    }

    /// Puts the bot back as `mark` found it, dropping what it has paused since without
    /// telling the host (the host goes back too). False, changing nothing, when the bot was
    /// reloaded since, a handler is running or waits for a model's answer, or the Lua state
    /// cannot go back (it outgrew its region): load the bot again then.
    package func restore(_ mark: Mark) -> Bool {
        guard mark.bot === bot, !isRunning, context.currentRun == nil, !runs.contains(where: { $0.modelCall != nil })
        else { return false }
        let paused = runs
        runs.removeAll()
        guard bot.state.restore(mark.snapshot) else {
            runs = paused
            return false
        }
        // The paused runs' coroutines lived in the memory just put back (and the state's idle
        // threads with it): nothing to release.
        deferredEvents.removeAll()
        context.debug.pausedRun = nil
        context.debug.stop = nil
        nextSequence = mark.nextSequence
        savedMemory = mark.savedMemory
        context.typingCharactersPerSecond = mark.typingCharactersPerSecond
        context.typingUntil = mark.typingUntil
        return true
    }
}
