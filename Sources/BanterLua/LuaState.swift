import BanterCore
import CLua
import Foundation
import LuaSandbox

/// One sandboxed Lua 5.4 state: the capped allocator, the instruction/time hook, the safe
/// globals, and the host functions registered into them. Bots and scenarios each own one.
///
/// Not thread-safe: create and use it from one thread. Every call into Lua runs in a
/// coroutine under a fresh budget; Lua errors never unwind through Swift frames (host
/// functions return a status and a C trampoline raises), and error objects are converted
/// to strings inside protected calls.
package final class LuaState {
    package let L: OpaquePointer
    let control: UnsafeMutablePointer<banter_control>
    let limits: ScriptLimits
    /// The folder `require` may load modules from; nil disables `require`.
    package let moduleDirectory: String?
    /// The module files `require` looked for, found or not, in the order first asked
    /// (what a watcher must watch besides the script): the first `maxWatchedFiles` of them,
    /// so a script that searches many paths cannot grow the list without end.
    package private(set) var requiredFiles: [String] = []
    private var requiredFileSet: Set<String> = []
    static let maxWatchedFiles = 1000

    /// Remembers `path` in `requiredFiles` (once, up to `maxWatchedFiles`).
    func noteRequiredFile(_ path: String) {
        guard requiredFiles.count < LuaState.maxWatchedFiles, requiredFileSet.insert(path).inserted else { return }
        requiredFiles.append(path)
    }

    /// Back to `files` (a restored snapshot's list).
    func resetRequiredFiles(to files: [String]) {
        requiredFiles = files
        requiredFileSet = Set(files)
    }
    var hostFunctions: [RegisteredHostFunction] = []
    var builtinsRef: Int32 = LUA_NOREF
    /// The prelude's weak set of the coroutines the host drives (see `newThread`).
    var hostThreadsRef: Int32 = LUA_NOREF
    /// Lua's own `collectgarbage`, for restarting a collector the script stopped.
    var collectorRef: Int32 = LUA_NOREF
    /// The prelude's `run_finalizers` (see `runQueuedFinalizers`).
    var finalizersRef: Int32 = LUA_NOREF
    /// The script stopped the collector during this run; the host restarts it when the run
    /// ends, so a stopped collector never outlives one run.
    var collectorStopped = false
    /// Coroutines that finished a run, ready to run the next one (see `newThread`).
    var idleThreads: [LuaThread] = []
    static let maxIdleThreads = 4
    /// The step debugger's breakpoints, steps and paused budget (see `LuaState+Debugging`).
    let debugging = LuaDebugState()
    let clock: () -> Timestamp
    let printer: (String) -> Void
    let randomSeed: UInt64

    /// The coroutine that called the host function running now, if any; lets a host function
    /// refuse to pause anything but the coroutine its host is driving.
    package private(set) var callingThread: OpaquePointer?

    /// Called when the script reads a global that nobody defined (it reads as nil, as in
    /// Lua), with the name and the script's file:line; nil ignores such reads.
    package var undefinedGlobalRead: ((_ name: String, _ location: (file: String, line: Int)?) -> Void)?

    /// Called with the error of a finalizer (`__gc`) that failed; Lua makes it a warning,
    /// and the run carries on. Nil ignores them.
    package var finalizerFailed: ((String) -> Void)?

    /// Builds the sandbox. `now` is the conversation's clock (what `os.time()` returns);
    /// `print` receives what the script prints (a state never writes to the terminal). A
    /// `snapshotting` state keeps its memory in one region (`LuaArena.h`), so that
    /// `snapshot()` and `restore(_:)` can copy it aside and back.
    package init(
        limits: ScriptLimits = .default,
        moduleDirectory: String? = nil,
        randomSeed: UInt64 = 0,
        snapshotting: Bool = false,
        now: @escaping () -> Timestamp,
        print: @escaping (String) -> Void = { _ in }
    ) throws(ScriptError) {
        let control = UnsafeMutablePointer<banter_control>.allocate(capacity: 1)
        control.initialize(to: banter_control())
        if snapshotting {
            // Address space only: pages are used as the state grows. Beyond it (a bot near a
            // large memory cap, or fragmented), blocks come from malloc and snapshots stop.
            control.pointee.arena = banter_arena_create(min(max(limits.memoryBytes * 4, 64 << 20), 8 << 30))
        }
        control.pointee.memory_limit = limits.memoryBytes
        control.pointee.hook_step = 1000
        control.pointee.instruction_limit = Int64(limits.instructionsPerRun)
        control.pointee.pattern_limit = Int64(limits.patternStepsPerRun)
        let (seconds, attoseconds) = limits.timePerRun.components
        control.pointee.time_limit = Double(seconds) + Double(attoseconds) / 1e18
        guard let state = banter_newstate(control) else {
            banter_arena_destroy(control.pointee.arena)
            control.deallocate()
            throw ScriptError(reason: "could not create a Lua state (out of memory)")
        }
        self.L = state
        self.control = control
        self.limits = limits
        self.moduleDirectory = moduleDirectory
        self.clock = now
        self.printer = print
        self.randomSeed = randomSeed
        control.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        control.pointee.dispatch = { thread, owner, index in
            let state = Unmanaged<LuaState>.fromOpaque(owner!).takeUnretainedValue()
            return state.dispatch(thread!, index: Int(index))
        }
        try installSandbox()
    }

    deinit {
        lua_close(L)
        banter_arena_destroy(control.pointee.arena)
        banter_coverage_free(control.pointee.coverage)
        control.deallocate()
    }

    // MARK: Host functions and globals

    /// Makes `function` a built-in global of the sandbox under `name`: a global of the
    /// script (which may rebind the name for itself, as in Lua) and of Banter's own Lua code
    /// (whose copy no script can change).
    package func register(_ name: String, _ function: @escaping HostFunction) {
        pushHostFunction(.converting(function), on: L)
        defineBuiltin(name)
    }

    /// Makes the value held by `reference` a built-in global under `name` (see `register`).
    package func define(_ name: String, _ reference: LuaRef) {
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(reference.id))
        defineBuiltin(name)
    }

    /// Pops the value on top of the stack into the built-ins and the global table.
    private func defineBuiltin(_ name: String) {
        pushBuiltins()
        pushString(name, on: L)
        lua_pushvalue(L, -3)
        lua_rawset(L, -3)
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(LUA_RIDX_GLOBALS))
        pushString(name, on: L)
        lua_pushvalue(L, -4)
        lua_rawset(L, -3)
        banter_lua_pop(L, 3)
    }

    /// A host function as a Lua value held by the host (to pass to trusted Lua code).
    package func makeFunction(_ function: @escaping HostFunction) -> LuaRef {
        makeFunction(.converting(function))
    }

    /// A host function that reads its own arguments (see `DirectHostFunction`), held by the host.
    package func makeDirectFunction(_ function: @escaping DirectHostFunction) -> LuaRef {
        makeFunction(.direct(function))
    }

    private func makeFunction(_ function: RegisteredHostFunction) -> LuaRef {
        pushHostFunction(function, on: L)
        return LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX))
    }

    /// Forgets a reference; the value may then be collected.
    package func release(_ reference: LuaRef) {
        luaL_unref(L, BANTER_LUA_REGISTRYINDEX, reference.id)
    }

    /// `table[key]` (raw) when it is a function or a table, as a new reference.
    package func field(_ table: LuaRef, _ key: String) -> LuaRef? {
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(table.id))
        pushString(key, on: L)
        lua_rawget(L, -2)
        let type = lua_type(L, -1)
        guard type == LUA_TFUNCTION || type == LUA_TTABLE else {
            banter_lua_pop(L, 2)
            return nil
        }
        let reference = luaL_ref(L, BANTER_LUA_REGISTRYINDEX)
        banter_lua_pop(L, 1)
        return LuaRef(id: reference)
    }

    func pushHostFunction(_ function: RegisteredHostFunction, on thread: OpaquePointer) {
        hostFunctions.append(function)
        banter_push_host_function(thread, Int32(hostFunctions.count - 1))
    }

    func pushBuiltins() {
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(builtinsRef))
    }

    func dispatch(_ thread: OpaquePointer, index: Int) -> Int32 {
        let previous = callingThread
        callingThread = thread
        defer { callingThread = previous }
        do throws(LuaCallError) {
            let count = lua_gettop(thread)
            let result: LuaReturn
            switch hostFunctions[index] {
            case .direct(let function):
                result = try function(LuaCall(thread: thread, count: count, state: self))
            case .converting(let function):
                var arguments: [LuaValue] = []
                arguments.reserveCapacity(Int(count))
                var budget = LuaState.maxConvertedEntries
                for position in stride(from: Int32(1), through: count, by: 1) {
                    arguments.append(try value(at: position, in: thread, depth: 0, budget: &budget))
                }
                result = try function(arguments)
            }
            switch result {
            case .values(let values):
                guard lua_checkstack(thread, Int32(values.count) + 1) != 0 else {
                    throw LuaCallError("too many results")
                }
                for value in values { push(value, on: thread) }
                return Int32(values.count)
            case .yield:
                return Int32(BANTER_HOST_YIELD)
            case .pushed(let count):
                return count
            }
        } catch {
            pushString(error.message, on: thread)
            return Int32(BANTER_HOST_ERROR)
        }
    }
}

/// A Lua value the host keeps alive (a registry reference). Release it when done.
package struct LuaRef: Hashable {
    package let id: Int32
}
