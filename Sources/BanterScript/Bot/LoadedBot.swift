import BanterCore
import BanterLua
import CLua
import Foundation
import LuaSandbox

/// One loaded version of a bot script: its own Lua state, the entry points into the
/// trusted support code, and what the script declared. Reloading builds a new one and
/// swaps it in only when it loaded without error.
final class LoadedBot {
    let state: LuaState
    let definition: BotDefinition
    let messageEntry: LuaRef
    let openEntry: LuaRef
    /// `on_reaction`, `on_edit` and `on_delete` handlers, called with what changed.
    let reactionEntry: LuaRef
    let editEntry: LuaRef
    let deleteEntry: LuaRef
    /// A picked button: the `on_button` handlers, else the label as text.
    let buttonEntry: LuaRef
    let chat: LuaRef
    /// Lists the declared handlers (for coverage reports).
    let handlerList: LuaRef
    /// The support code's switches: `tracing` makes dispatch report handlers to `trace`.
    let control: LuaRef
    /// What `control.tracing` holds now (set only when it changes).
    private var tracesHandlers = false
    /// What `control.debugging` holds now (set only when it changes).
    private var watchesDebugger = false
    static let maxNotes = 20

    /// Loads the script; a `snapshotting` state can be copied aside once loaded (`LoadedBotPool`).
    init(
        scriptPath: String, context: BotContext, randomSeed: UInt64, memory: [String: String],
        snapshotting: Bool = false
    ) throws(ScriptError) {
        let directory = URL(fileURLWithPath: scriptPath).deletingLastPathComponent().path
        let state = try LuaState(
            limits: context.limits, moduleDirectory: directory, randomSeed: randomSeed, snapshotting: snapshotting,
            now: { [unowned context] in context.now },
            print: { [unowned context] line in context.host?.botLogged(line) }
        )
        let primitives: [String: LuaRef] = [
            "prepare_reply": state.makeFunction { [unowned context] arguments throws(LuaCallError) in
                try context.prepareReply(arguments)
            },
            // Every reply: reads its two arguments straight off the stack.
            "send": state.makeDirectFunction { [unowned context, unowned state] call throws(LuaCallError) in
                try context.returnMessage(try context.send(call.value(1), options: call.value(2)), on: state)
            },
            "react": state.makeFunction { [unowned context] arguments throws(LuaCallError) in
                try context.react(arguments, adding: true)
            },
            "unreact": state.makeFunction { [unowned context] arguments throws(LuaCallError) in
                try context.react(arguments, adding: false)
            },
            "edit": state.makeFunction { [unowned context, unowned state] arguments throws(LuaCallError) in
                try context.returnMessage(try context.edit(arguments), on: state)
            },
            "delete": state.makeFunction { [unowned context, unowned state] arguments throws(LuaCallError) in
                try context.returnMessage(try context.delete(arguments), on: state)
            },
            "typing": state.makeFunction { [unowned context] arguments throws(LuaCallError) in
                try context.typing(arguments)
            },
            "mark": state.makeFunction { [unowned context] arguments throws(LuaCallError) in try context.mark(arguments)
            },
            "wait": state.makeFunction { [unowned context, unowned state] arguments throws(LuaCallError) in
                try context.wait(arguments, caller: state.callingThread)
            },
            "ask": state.makeFunction { [unowned context, unowned state] arguments throws(LuaCallError) in
                try context.ask(arguments, caller: state.callingThread)
            },
            "complete": state.makeFunction { [unowned context, unowned state] arguments throws(LuaCallError) in
                try context.complete(arguments, caller: state.callingThread)
            },
            "history": state.makeFunction { [unowned context] arguments throws(LuaCallError) in
                try context.historyMessages(arguments)
            },
            "now": state.makeFunction { [unowned context] arguments in context.currentTime(arguments) },
            "trace": state.makeFunction { [unowned context] arguments in context.traceHandler(arguments) },
            "debug_enter": state.makeFunction { [unowned context, unowned state] arguments in
                context.debugEnter(arguments, state: state)
            },
            "debug_reply": state.makeFunction { [unowned context, unowned state] arguments in
                context.debugReply(arguments, state: state)
            },
            "participants": state.makeFunction { [unowned context] arguments in context.participantList(arguments) },
            "participant": state.makeFunction { [unowned context] arguments in context.participantNamed(arguments) },
            "find_case": state.makeCFunction(banter_str_find_case),
            "check_pattern": state.makeCFunction(banter_pattern_check),
        ]
        let exports = try state.runSupport(source: BotSupport.source, name: "bot", primitives: primitives)
        defer { state.release(exports) }
        guard let api = state.field(exports, "api"), let entry = state.field(exports, "entry"),
            let chat = state.field(exports, "chat"), let message = state.field(entry, "message"),
            let open = state.field(entry, "open"), let loaded = state.field(entry, "loaded"),
            let reaction = state.field(entry, "reaction"), let edit = state.field(entry, "edit"),
            let delete = state.field(entry, "delete"), let button = state.field(entry, "button"),
            let control = state.field(exports, "control"),
            let handlers = state.field(entry, "handlers")
        else {
            throw ScriptError(reason: "internal error: the bot support code did not load")
        }
        defer {
            state.release(api)
            state.release(entry)
            state.release(loaded)
        }
        for name in state.keys(of: api) { // every handler registration BotSupport offers
            if let function = state.field(api, name) {
                state.define(name, function)
                state.release(function)
            }
        }
        state.register("bot") { [unowned context] arguments throws(LuaCallError) in try context.declareBot(arguments) }
        state.register("grouping") { [unowned context] arguments throws(LuaCallError) in
            try context.declareGrouping(arguments)
        }
        state.register("seed") { [unowned context] arguments throws(LuaCallError) in try context.declareSeed(arguments)
        }
        if context.host?.recordsCoverage == true { state.startCoverage() }
        self.state = state
        handlerList = handlers
        messageEntry = message
        openEntry = open
        reactionEntry = reaction
        editEntry = edit
        deleteEntry = delete
        buttonEntry = button
        self.chat = chat
        self.control = control

        if let memoryTable = state.field(chat, "memory") {
            for (key, json) in memory {
                if let value = MemoryCodec.decode(json) { state.set(memoryTable, key, value) }
            }
            state.release(memoryTable)
        }

        let note = Self.noteOnce(to: context)
        state.finalizerFailed = { message in note(.finalizerFailed(message)) }

        context.declarations = BotContext.Declarations()
        defer { context.declarations = nil }
        let fileName = URL(fileURLWithPath: scriptPath).lastPathComponent
        try state.run(file: scriptPath, chunkName: fileName)
        guard let declared = context.declarations, let name = declared.name else {
            throw ScriptError(file: fileName, reason: "the script never declared the bot: add bot { name = \"…\" }")
        }
        try state.call(loaded)
        // From now on the handlers run: a read of an undefined global there is likely a
        // misspelling; note it once per name and place (reads while loading are feature
        // detection such as `unpack or table.unpack`, and stay silent). A script reading
        // computed names (`_G[key]`) gets at most `maxNotes` of them.
        state.undefinedGlobalRead = { name, location in note(.undefinedGlobal(name, at: location)) }
        var definition = BotDefinition(
            name: name, greeting: declared.greeting, initial: declared.initial, color: declared.color,
            typingCharactersPerSecond: declared.typingCharactersPerSecond, grouping: declared.grouping,
            seeds: declared.seeds, sourcePath: scriptPath
        )
        definition.talkativeness = declared.talkativeness
        self.definition = definition
    }

    /// Notes reach the author once per text and place, at most `maxNotes` per loaded bot.
    private static func noteOnce(to context: BotContext) -> (ScriptNote) -> Void {
        var noted: Set<ScriptNote> = []
        return { [unowned context] note in
            guard noted.count < LoadedBot.maxNotes, noted.insert(note).inserted else { return }
            context.noted(note)
        }
    }

    /// Ready for another conversation after its state was restored to the loaded one: the
    /// notes already made and the tracing switch are those of a fresh load again.
    func reuse(context: BotContext) {
        let note = Self.noteOnce(to: context)
        state.finalizerFailed = { message in note(.finalizerFailed(message)) }
        state.undefinedGlobalRead = { name, location in note(.undefinedGlobal(name, at: location)) }
        tracesHandlers = false
    }

    /// Has the support code call the debugger before handlers and replies or not.
    func watchDebugger(_ on: Bool) {
        guard on != watchesDebugger else { return }
        state.set(control, "debugging", .boolean(on))
        watchesDebugger = on
    }

    /// Has the support code report the handlers it dispatches to (`host.trace`) or not.
    /// Called before every run; writes into Lua only when the answer changes.
    func traceHandlers(_ on: Bool) {
        guard on != tracesHandlers else { return }
        state.set(control, "tracing", .boolean(on))
        tracesHandlers = on
    }

    /// The declared handlers by kind ("on", "on_message", "on_open", "fallback"), in
    /// declaration order, with their places: how a trace names the handler that ran.
    private(set) lazy var tracedHandlers: [String: [TracedHandler]] = {
        var byKind: [String: [TracedHandler]] = [:]
        for handler in declaredHandlers() {
            let kind = String(handler.label.prefix { $0 != "(" })
            byKind[kind, default: []].append(
                TracedHandler(label: handler.label, file: handler.chunk, line: handler.firstLine))
        }
        return byKind
    }()

    /// Whether `chat.memory` is a table without entries, as it is after every message for a
    /// bot that keeps nothing: then there is nothing to encode or compare.
    func memoryIsEmpty() -> Bool {
        let L = state.L
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(chat.id))
        lua_pushstring(L, "memory")
        lua_rawget(L, -2)
        guard lua_type(L, -1) == LUA_TTABLE else {
            banter_lua_pop(L, 2)
            return false
        }
        lua_pushnil(L)
        let empty = lua_next(L, -2) == 0
        banter_lua_pop(L, empty ? 2 : 4)
        return empty
    }

    /// Empties `chat.memory` and fills it with `memory` (JSON text per key), keeping the
    /// table itself, which the script may hold elsewhere: the memory of another branch.
    func replaceMemory(with memory: [String: String]) {
        guard let table = state.field(chat, "memory") else { return }
        defer { state.release(table) }
        if case .table(let current)? = try? state.get(chat, "memory") {
            for key in current.fields.keys { state.set(table, key, .nil) }
        }
        for (key, json) in memory {
            if let value = MemoryCodec.decode(json) { state.set(table, key, value) }
        }
    }

    /// Appends a byte image of `chat.memory` to `image` (`LuaState.image`); false when the
    /// memory holds what an image does not stand for.
    func memoryImage(into image: inout [UInt8]) -> Bool {
        state.image(of: chat, "memory", into: &image)
    }

    /// The memory table as JSON text per key.
    func memorySnapshot() throws(MemoryCodec.Unstorable) -> [String: String] {
        let memory: LuaValue
        do {
            memory = try state.get(chat, "memory")
        } catch {
            throw MemoryCodec.Unstorable(message: "memory: \(error.message)")
        }
        guard case .table(let table) = memory, table.array.isEmpty else {
            throw MemoryCodec.Unstorable(message: "chat.memory must be a table with named fields")
        }
        var snapshot: [String: String] = [:]
        for (key, value) in table.fields {
            snapshot[key] = try MemoryCodec.encode(value, path: "memory.\(key)")
        }
        return snapshot
    }
}
