import BanterCore
import BanterLua
import Foundation

/// A bot brought to life for one conversation: loads the script into its own sandboxed Lua
/// state, runs its handlers as coroutines when the conversation opens or the user writes,
/// resumes them when their waits expire, keeps its memory in step with the host, and
/// reloads atomically.
///
/// Not thread-safe: drive it from one thread. Script failures never throw out of the
/// event methods; they reach the host as `botFailed` with one readable line.
package final class BotRuntime {
    package let scriptPath: String
    package let limits: ScriptLimits
    /// What the script declared; replaced by a successful reload.
    package private(set) var definition: BotDefinition

    let context: BotContext
    /// What `math.random` is seeded with (again at every reload).
    package let randomSeed: UInt64
    var bot: LoadedBot
    var runs: [HandlerRun] = []
    var nextSequence = 0
    /// Memory as last saved to the host, JSON per key; also what a reload starts from.
    var savedMemory: [String: String] {
        didSet { savedImage = nil }
    }
    /// The image (`LoadedBot.memoryImage`) of the memory `savedMemory` was last encoded
    /// from, when it could be imaged; nil once `savedMemory` changes otherwise.
    private var savedImage: [UInt8]?
    var isRunning = false
    var deferredEvents: [Event] = []
    /// The pool this runtime's loaded bot came from or went to, while it uses it.
    private var pooled: (pool: LoadedBotPool, entry: LoadedBotPool.Entry)?
    /// The event being handled, kept only while breakpoints are set (for `restart`).
    var startingEvent: Event?

    enum Event {
        case opened(firstTime: Bool)
        case received(Message)
        case reacted(Reaction, Message, added: Bool)
        case edited(Message)
        case deleted(Message)
        case pressed(ActionChoice, on: Int64, Message)
        case due(Timestamp)
    }

    /// Loads the script at `scriptPath`; `randomSeed` makes `math.random` reproducible.
    package convenience init(
        scriptPath: String, limits: ScriptLimits = .default, host: any BotHost, randomSeed: UInt64 = 0
    ) throws(ScriptError) {
        try self.init(scriptPath: scriptPath, limits: limits, host: host, randomSeed: randomSeed, pool: nil)
    }

    /// Loads the script, or with a `pool` reuses a bot loaded before with the same files,
    /// seed, limits and memory (see `LoadedBotPool`), keeping this load for the next.
    package init(
        scriptPath: String, limits: ScriptLimits = .default, host: any BotHost, randomSeed: UInt64 = 0,
        pool: LoadedBotPool?
    ) throws(ScriptError) {
        self.scriptPath = scriptPath
        self.limits = limits
        self.randomSeed = randomSeed
        do {
            savedMemory = try host.loadMemory()
        } catch {
            throw ScriptError(
                file: URL(fileURLWithPath: scriptPath).lastPathComponent,
                reason: "cannot load the bot's memory: \(error)")
        }
        let pool = host.recordsCoverage ? nil : pool
        let key = LoadedBotPool.Key(scriptPath: scriptPath, randomSeed: randomSeed, limits: limits, memory: savedMemory)
        if let pool, let entry = pool.take(key, host: host) {
            context = entry.context
            bot = entry.bot
            pooled = (pool, entry)
        } else {
            let context = BotContext(
                host: host, limits: limits,
                botDirectory: URL(fileURLWithPath: scriptPath).deletingLastPathComponent().path)
            self.context = context
            bot = try LoadedBot(
                scriptPath: scriptPath, context: context, randomSeed: randomSeed, memory: savedMemory,
                snapshotting: pool != nil)
            if let pool, let entry = pool.keep(key, context: context, bot: bot) { pooled = (pool, entry) }
        }
        definition = bot.definition
        context.typingCharactersPerSecond = definition.typingCharactersPerSecond
    }

    deinit {
        for run in runs { bot.state.release(run.thread) }
        if let pooled { pooled.pool.giveBack(pooled.entry) }
    }

    /// The conversation was shown; `firstTime` when it was just created. Runs `on_open`.
    package func conversationOpened(firstTime: Bool) {
        handle(.opened(firstTime: firstTime))
    }

    /// The user's message, already stored. It answers a pending `chat:ask` if there is one,
    /// otherwise it starts a handler run (see `BotSupport` for which handlers run).
    package func received(_ message: Message) {
        // The event every message is: handled without wrapping it in an `Event` when nothing
        // runs, which saves copying the message around.
        guard !isRunning && context.debug.pausedRun == nil else {
            deferredEvents.append(.received(message))
            return
        }
        if !context.debug.breakpoints.isEmpty { startingEvent = .received(message) }
        running { deliver(message) }
    }

    /// The user added (or took back) `reaction` on `message` (as stored now). Runs the
    /// `on_reaction` handlers with `{ emoji, from, added }` and the message.
    package func reacted(_ reaction: Reaction, to message: Message, added: Bool) {
        handle(.reacted(reaction, message, added: added))
    }

    /// The user edited or deleted one of their messages (as stored now). Runs the
    /// `on_edit` or `on_delete` handlers.
    package func changed(_ message: Message) {
        handle(message.isDeleted ? .deleted(message) : .edited(message))
    }

    /// The user picked `choice` on message `sourceID`; `message` is the pick as stored (the
    /// label, from the user). It answers a pending `chat:ask` like typed text; otherwise the
    /// `on_button` handlers get the payload (see `BotSupport`).
    package func pressed(_ choice: ActionChoice, on sourceID: Int64, message: Message) {
        handle(.pressed(choice, on: sourceID, message))
    }

    /// The conversation went to another branch: the paused runs are dropped and the bot
    /// remembers `memory`, what it had there (its random source goes on where it was).
    package func movedToBranch(memory: [String: String]) {
        cancelPausedRuns()
        bot.replaceMemory(with: memory)
        savedMemory = memory
    }

    /// The conversation forked onto a branch `depth` forks away from its first one, as the
    /// `attempt`-th branch forked at its message: the bot's `math.random` starts again from its
    /// seed mixed with both, so what it draws on the branch depends on the branch's path, not
    /// on what other branches drew first, and a scenario replaying the branch (`fork()`,
    /// `retry()`) draws the same. The first attempt at a depth keeps the seed it always had.
    package func reseedRandom(branchDepth depth: Int, attempt: Int) {
        bot.state.reseedRandom(
            randomSeed &+ UInt64(depth) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(max(attempt - 1, 0)) &* 0xBF58_476D_1CE4_E5B9
        )
    }

    /// The bot's memory as last saved, JSON text per key (what a saved scenario starts with).
    package var memory: [String: String] { savedMemory }

    /// When a paused handler must be resumed, if any is waiting on time.
    package var nextWakeTime: Timestamp? {
        guard context.debug.pausedRun == nil else { return nil } // the clock is frozen
        return runs.compactMap(\.dueAt).min()
    }

    /// True when no handler is paused (nothing scheduled, nobody waiting for an answer).
    var isIdle: Bool { runs.isEmpty }

    /// Resumes every handler whose wait, delayed reply or ask timeout is due at `now`.
    package func runDue(now: Timestamp) {
        guard context.debug.pausedRun == nil else { return }
        handle(.due(now))
    }

    /// Loads the script again. On success the new handlers replace the old ones at once
    /// (paused runs of the old version are cancelled; memory carries over); on failure the
    /// old bot keeps running and the error is thrown.
    package func reload() throws(ScriptError) {
        syncMemory()
        let fresh = try LoadedBot(scriptPath: scriptPath, context: context, randomSeed: randomSeed, memory: savedMemory)
        cancelPausedRuns()
        // The context stays this runtime's: the pool must not hand it to another.
        if let pooled { pooled.pool.discard(pooled.entry) }
        pooled = nil
        bot = fresh
        applyBreakpoints()
        definition = fresh.definition
        context.typingCharactersPerSecond = definition.typingCharactersPerSecond
    }

    /// Drops every paused handler (waits, delayed replies, asks) and the typing indicator:
    /// what they would still write belongs to a conversation view that is gone (a reload's
    /// old handlers, a branch the person left).
    package func cancelPausedRuns() {
        for run in runs { bot.state.release(run.thread) }
        runs.removeAll()
        context.debug.pausedRun = nil
        context.debug.stop = nil
        context.showTyping(until: nil)
    }

    // MARK: Running handlers

    /// Events that arrive while a handler runs (a host reacting synchronously) are queued
    /// and handled once it has paused or finished, never nested.
    private func handle(_ event: Event) {
        guard !isRunning && context.debug.pausedRun == nil else {
            deferredEvents.append(event)
            return
        }
        running { run(event) }
    }

    /// Runs `body` (which handles one event), then the events that arrived meanwhile.
    func running(_ body: () -> Void) {
        isRunning = true
        defer { isRunning = false }
        body()
        while !deferredEvents.isEmpty && context.debug.pausedRun == nil {
            run(deferredEvents.removeFirst())
        }
    }

    func run(_ event: Event) {
        if !context.debug.breakpoints.isEmpty { startingEvent = event }
        switch event {
        case .opened(let firstTime):
            start(bot.openEntry, trigger: .opened(firstTime: firstTime), with: [.boolean(firstTime)])
        case .received(let message):
            deliver(message)
        case .reacted(let reaction, let message, let added):
            let trigger = HandlerTrace.Trigger.reacted(reaction.emoji, added: added)
            start(bot.reactionEntry, trigger: trigger, argumentCount: 1 + messageValues) {
                [state = bot.state, context] thread in
                state.pushReaction(reaction, added: added, on: thread)
                context.push(message, on: state, thread: thread)
            }
        case .edited(let message):
            start(bot.editEntry, trigger: .edited(message.text), argumentCount: messageValues) {
                [state = bot.state, context] thread in
                context.push(message, on: state, thread: thread)
            }
        case .deleted(let message):
            start(bot.deleteEntry, trigger: .deleted, argumentCount: messageValues) {
                [state = bot.state, context] thread in
                context.push(message, on: state, thread: thread)
            }
        case .pressed(let choice, let sourceID, let message):
            guard !runs.contains(where: \.isAsking) else { return deliver(message, pressing: (choice, sourceID)) }
            let trigger = HandlerTrace.Trigger.pressed(choice.button.label, payload: choice.button.payload)
            start(bot.buttonEntry, trigger: trigger, argumentCount: 1 + messageValues) {
                [state = bot.state, context] thread in
                state.pushPress(choice, on: sourceID, thread: thread)
                context.push(message, on: state, thread: thread)
            }
        case .due(let now):
            resumeDue(now: now)
        }
    }

    /// Hands `message` to the oldest `chat:ask` waiting, else to the handlers; a pick
    /// (`pressing`) answering an ask comes with its button, as `msg.button`.
    private func deliver(_ message: Message, pressing press: (choice: ActionChoice, sourceID: Int64)? = nil) {
        let state = bot.state
        if let asker = runs.lazy.filter(\.isAsking).min(by: { $0.sequence < $1.sequence }) {
            asker.isAsking = false
            asker.askDeadline = nil
            // chat:ask returns the text and the message built from these values.
            resume(asker, trigger: .answer(message.text), argumentCount: messageValues + (press == nil ? 0 : 1)) {
                thread in
                context.push(message, on: state, thread: thread)
                if let press { state.pushPress(press.choice, on: press.sourceID, thread: thread) }
            }
        } else {
            start(bot.messageEntry, trigger: .message(message.text), argumentCount: messageValues) { thread in
                context.push(message, on: state, thread: thread)
            }
        }
    }

    /// How many values a message is passed to the support code as (see `LuaState.pushMessage`).
    private var messageValues: Int { Int(LuaState.messageValueCount) }

    private func resumeDue(now: Timestamp) {
        resumeAnsweredModelCalls(now: now)
        while let run = runs.filter({ $0.modelCall == nil && ($0.dueAt ?? now + .seconds(1)) <= now })
            .min(by: { ($0.dueAt!, $0.sequence) < ($1.dueAt!, $1.sequence) })
        {
            let trigger: HandlerTrace.Trigger = run.isAsking ? .askTimedOut : .resumed
            run.wakeAt = nil
            run.isAsking = false
            run.askDeadline = nil
            resume(run, trigger: trigger, with: [])
        }
    }

    private func start(_ entry: LuaRef, trigger: @autoclosure () -> HandlerTrace.Trigger, with arguments: [LuaValue]) {
        start(entry, trigger: trigger(), argumentCount: arguments.count) { [state = bot.state] thread in
            for argument in arguments { state.push(argument, on: thread) }
        }
    }

    private func start(
        _ entry: LuaRef, trigger: @autoclosure () -> HandlerTrace.Trigger, argumentCount: Int,
        pushArguments: (OpaquePointer) -> Void
    ) {
        let run = HandlerRun(thread: bot.state.newThread(running: entry), sequence: nextSequence)
        if !context.debug.breakpoints.isEmpty, let event = startingEvent { run.origin = (event, savedMemory) }
        if context.debug.restarting {
            context.debug.restarting = false
            context.debug.requestedReason = .restart
            bot.state.step(.into, thread: run.thread)
        }
        nextSequence += 1
        runs.append(run)
        resume(run, trigger: trigger(), argumentCount: argumentCount, pushArguments: pushArguments)
    }

    private func resume(_ run: HandlerRun, trigger: @autoclosure () -> HandlerTrace.Trigger, with arguments: [LuaValue])
    {
        resume(run, trigger: trigger(), argumentCount: arguments.count) { [state = bot.state] thread in
            for argument in arguments { state.push(argument, on: thread) }
        }
    }

    func resume(
        _ run: HandlerRun, trigger: @autoclosure () -> HandlerTrace.Trigger, argumentCount: Int,
        pushArguments: (OpaquePointer) -> Void
    ) {
        let bot = self.bot
        let context = self.context
        // Traces (and their clock readings) only while the host listens.
        let tracing = context.host?.tracesHandlers == true
        bot.traceHandlers(tracing)
        let started: ContinuousClock.Instant? = tracing ? .now : nil
        if tracing && run.trace == nil { run.trace = HandlerTrace(trigger: trigger()) }
        context.currentRun = run
        let outcome = bot.state.resume(run.thread, argumentCount: argumentCount, pushArguments: pushArguments)
        context.currentRun = nil
        if case .yielded = outcome, bot.state.isDebugPaused { return paused(run) }
        let elapsed = started.map { ContinuousClock.now - $0 } ?? .zero
        let instructions = bot.state.instructionsUsed
        var failure: ScriptError?
        switch outcome {
        case .finished:
            finish(run)
        case .yielded where run.isPaused:
            break
        case .yielded:
            finish(run)
            failure = ScriptError(
                file: fileName, reason: "a handler paused without chat:wait or chat:ask (use chat:wait to pause)")
        case .failed(let error):
            finish(run)
            context.showTyping(until: nil)
            failure = error
        }
        let memory = syncMemory()
        if tracing, var trace = run.trace {
            run.trace = nil
            trace.instructions = instructions
            trace.elapsed = elapsed
            if !memory.written.isEmpty || !memory.deleted.isEmpty {
                trace.actions.append(.memory(written: memory.written, deleted: memory.deleted))
            }
            complete(&trace, of: run, failure: failure)
            if trace.trigger != .resumed || !trace.actions.isEmpty || !trace.notes.isEmpty || failure != nil {
                context.host?.botTraced(trace)
            }
        }
        run.dispatched.removeAll()
        // After the trace, so a failure is reported with what led to it.
        if let failure { fail(failure) }
        if run.modelCall?.waitsForAnswer == true { resumeModelCall(of: run) }
    }

    /// Names the handlers the stretch ran (or, resumed, the one that paused) and how it ended.
    private func complete(_ trace: inout HandlerTrace, of run: HandlerRun, failure: ScriptError?) {
        let declared = bot.tracedHandlers
        for (kind, index, captures) in run.dispatched {
            var handler =
                declared[kind].flatMap { index >= 1 && index <= $0.count ? $0[index - 1] : nil }
                ?? TracedHandler(label: kind)
            handler.captures = captures
            trace.handlers.append(handler)
            handler.captures = []
            run.lastHandler = handler
        }
        if trace.handlers.isEmpty, trace.trigger.continuesARun, let last = run.lastHandler {
            trace.handlers = [last]
        }
        if let failure {
            trace.outcome = .failed(failure)
        } else if let wake = run.wakeAt {
            trace.outcome = .paused(until: wake)
        } else if run.isAsking {
            trace.outcome = .asking(deadline: run.askDeadline)
        } else {
            trace.outcome = .finished
        }
    }

    func finish(_ run: HandlerRun) {
        bot.state.release(run.thread)
        if let index = runs.lastIndex(where: { $0 === run }) { runs.remove(at: index) }
    }

    private func fail(_ error: ScriptError) {
        context.host?.botFailed(error)
    }

    var fileName: String { URL(fileURLWithPath: scriptPath).lastPathComponent }

    /// Saves the memory keys that changed since the last save (and deletes removed ones);
    /// returns the keys written and deleted, sorted.
    @discardableResult
    func syncMemory() -> (written: [String], deleted: [String]) {
        if savedMemory.isEmpty && bot.memoryIsEmpty() { return ([], []) }
        // Most handlers leave the memory as it was: an unchanged image says so without
        // encoding every key again.
        var image: [UInt8] = []
        image.reserveCapacity(savedImage?.count ?? 0)
        let imaged = bot.memoryImage(into: &image)
        if imaged, image == savedImage { return ([], []) }
        let snapshot: [String: String]
        do {
            snapshot = try bot.memorySnapshot()
        } catch {
            fail(ScriptError(file: fileName, reason: error.message))
            return ([], [])
        }
        guard snapshot != savedMemory, let host = context.host else {
            if snapshot == savedMemory, imaged { savedImage = image }
            return ([], [])
        }
        // Saved together: what one handler changed lands all or none.
        let written = snapshot.keys.filter { savedMemory[$0] != snapshot[$0] }
        let deleted = savedMemory.keys.filter { snapshot[$0] == nil }
        do {
            try host.saveMemory(written.map { ($0, snapshot[$0]) } + deleted.map { ($0, nil) })
        } catch {
            fail(ScriptError(file: fileName, reason: "the bot's memory could not be saved: \(error)"))
            return ([], [])
        }
        savedMemory = snapshot
        if imaged { savedImage = image }
        return (written.sorted(), deleted.sorted())
    }
}
