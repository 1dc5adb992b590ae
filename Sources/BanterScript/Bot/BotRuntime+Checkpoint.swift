import BanterCore
import BanterLua

/// The bot as it stands between runs, to come back to: its whole Lua state (`LuaSnapshot`)
/// and what the runtime keeps beside it. `banter crawl` puts the bot back to how the
/// conversation's opening left it before each path, instead of loading it and running
/// `on_open` again.
extension BotRuntime {
    /// What `checkpoint()` copied aside.
    package final class Checkpoint {
        /// The loaded bot it was taken of: a reload makes another, which it cannot restore.
        let loaded: LoadedBot
        let lua: LuaSnapshot
        let savedMemory: [String: String]
        let nextSequence: Int
        let typingUntil: Timestamp?

        init(
            loaded: LoadedBot, lua: LuaSnapshot, savedMemory: [String: String], nextSequence: Int,
            typingUntil: Timestamp?
        ) {
            self.loaded = loaded
            self.lua = lua
            self.savedMemory = savedMemory
            self.nextSequence = nextSequence
            self.typingUntil = typingUntil
        }
    }

    /// The bot copied aside, or nil when it is not at rest: a handler is paused or waiting
    /// (its coroutine and timers would have to come back too), the debugger holds a run,
    /// or its Lua state cannot be copied (see `LuaState.snapshot()`).
    package func checkpoint() -> Checkpoint? {
        guard runs.isEmpty, !isRunning, deferredEvents.isEmpty, context.currentRun == nil,
            context.debug.pausedRun == nil, let lua = bot.state.snapshot()
        else { return nil }
        return Checkpoint(
            loaded: bot, lua: lua, savedMemory: savedMemory, nextSequence: nextSequence,
            typingUntil: context.typingUntil)
    }

    /// Puts the bot back as `checkpoint` found it, dropping what it has paused since without
    /// telling the host (the host goes back too). False, changing nothing, when the bot was
    /// reloaded since, a handler is running or waits for a model's answer, or the Lua state
    /// cannot go back (it outgrew its region): load the bot again then.
    package func restore(_ checkpoint: Checkpoint) -> Bool {
        guard checkpoint.loaded === bot, !isRunning, context.currentRun == nil,
            !runs.contains(where: { $0.modelCall != nil })
        else { return false }
        let paused = runs
        runs.removeAll()
        guard bot.state.restore(checkpoint.lua) else {
            runs = paused
            return false
        }
        // The paused runs' coroutines lived in the memory just put back: nothing to release.
        deferredEvents.removeAll()
        context.debug.pausedRun = nil
        context.debug.stop = nil
        savedMemory = checkpoint.savedMemory
        nextSequence = checkpoint.nextSequence
        context.typingUntil = checkpoint.typingUntil
        return true
    }
}
