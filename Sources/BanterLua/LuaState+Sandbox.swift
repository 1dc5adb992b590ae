import BanterCore
import CLua
import Foundation
import LuaSandbox

extension LuaState {
    /// Opens the safe libraries only, swaps in the guarded functions, then runs the prelude
    /// that turns the global table into the sandbox (see `LuaState.prelude`).
    func installSandbox() throws(ScriptError) {
        let libraries: [(String, lua_CFunction)] = [
            ("_G", luaopen_base), ("coroutine", luaopen_coroutine), ("table", luaopen_table),
            ("string", luaopen_string), ("math", luaopen_math), ("utf8", luaopen_utf8), ("os", luaopen_os),
        ]
        for (name, open) in libraries {
            luaL_requiref(L, name, open, 1)
            banter_lua_pop(L, 1)
        }

        banter_open_finalizers(L)
        lua_createtable(L, 0, 24)
        luaL_requiref(L, "debug", luaopen_debug, 0) // the real one, for the prelude's subset only
        lua_setfield(L, -2, "debug")
        let cFunctions: [(String, lua_CFunction)] = [
            ("co_create", banter_co_create), ("co_wrap", banter_co_wrap),
            ("find", banter_str_find), ("match", banter_str_match), ("gmatch", banter_str_gmatch),
            ("gsub", banter_str_gsub), ("find_case", banter_str_find_case), ("check_pattern", banter_pattern_check),
            ("finalizer_sentinel", banter_finalizer_sentinel), ("finalizer_next", banter_finalizer_next),
            ("c_frame", banter_c_frame), ("script_levels", banter_script_levels), ("new_userdata", banter_new_userdata),
            ("xpcall", banter_xpcall),
        ]
        for (name, function) in cFunctions {
            lua_pushcclosure(L, function, 0)
            lua_setfield(L, -2, name)
        }
        wrapOriginal(library: "string", function: "rep", with: banter_str_rep, as: "rep")
        wrapOriginal(library: "table", function: "move", with: banter_table_move, as: "move")
        lua_pushinteger(L, lua_Integer(Int64(bitPattern: randomSeed)))
        lua_setfield(L, -2, "seed")
        lua_pushinteger(L, lua_Integer(limits.maxChunkBytes))
        lua_setfield(L, -2, "max_chunk")
        let hosts: [(String, HostFunction)] = [
            (
                "now",
                { [unowned self] _ in
                    .values([.number(Double(self.clock().millisecondsSince1970) / 1000)])
                }
            ),
            (
                "print",
                { [unowned self] arguments in // one line, already converted by the prelude
                    self.printer(arguments.first?.stringValue ?? "")
                    return .none
                }
            ),
            (
                "load_module",
                { [unowned self] arguments in
                    self.loadModule(arguments.first?.stringValue ?? "")
                }
            ),
            (
                "readable",
                { [unowned self] arguments in
                    .values([.boolean(self.readable(arguments.first?.stringValue ?? ""))])
                }
            ),
            (
                "read_file",
                { [unowned self] arguments in
                    self.readFile(arguments.first?.stringValue ?? "")
                }
            ),
            // Raises its message at the script's own innermost line (the trampoline adds
            // file:line), however deep in trusted code, tail calls or pcall the error starts.
            (
                "fail",
                { arguments throws(LuaCallError) in
                    throw LuaCallError(arguments.first?.stringValue ?? "error")
                }
            ),
            (
                "note_undefined",
                { [unowned self] arguments in
                    self.noteUndefinedGlobal(arguments.first ?? .nil)
                    return .none
                }
            ),
            (
                "collected",
                { [unowned self] _ in
                    self.checkDeadline()
                    return .none
                }
            ),
            (
                "collector_stopped",
                { [unowned self] _ in
                    self.collectorStopped = true
                    return .none
                }
            ),
            (
                "finalizer_failed",
                { [unowned self] arguments in
                    self.finalizerFailed?(arguments.first?.stringValue ?? "error object is not a string")
                    return .none
                }
            ),
        ]
        for (name, function) in hosts {
            pushHostFunction(.converting(function), on: L)
            lua_setfield(L, -2, name)
        }
        let helpers = LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX))
        defer { release(helpers) }

        let prelude = try loadTrusted(source: LuaState.prelude, name: "prelude")
        defer { release(prelude) }
        let thread = newThread(running: prelude)
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(helpers.id))
        lua_xmove(L, thread.pointer, 1)
        banter_arm(control)
        var count: Int32 = 0
        let status = lua_resume(thread.pointer, L, 1, &count)
        guard status == LUA_OK, count == 1, lua_type(thread.pointer, -1) == LUA_TTABLE else {
            throw ScriptError(
                reason: "internal error: the Lua sandbox prelude failed (\(string(at: -1, in: thread.pointer)))")
        }
        builtinsRef = luaL_ref(thread.pointer, BANTER_LUA_REGISTRYINDEX)
        release(thread)
        guard let hostThreads = field(helpers, "host_threads") else {
            throw ScriptError(reason: "internal error: the Lua sandbox prelude did not set up host_threads")
        }
        hostThreadsRef = hostThreads.id
        guard let collector = field(helpers, "collect") else {
            throw ScriptError(reason: "internal error: the Lua sandbox prelude did not keep collectgarbage")
        }
        collectorRef = collector.id
        guard let finalizers = field(helpers, "run_finalizers") else {
            throw ScriptError(reason: "internal error: the Lua sandbox prelude did not set up finalizers")
        }
        finalizersRef = finalizers.id
        for idle in idleThreads { markAsHostThread(idle.pointer) } // the prelude's, kept for reuse
    }

    /// Tells the host that the script read a global nobody defined (which reads as nil),
    /// with the script's innermost place, when someone listens.
    private func noteUndefinedGlobal(_ key: LuaValue) {
        guard let listener = undefinedGlobalRead, let thread = callingThread else { return }
        let name = key.stringValue ?? LuaState.printable(key)
        listener(name, innermostScriptLocation(in: thread))
    }

    /// Restarts the collector when the script stopped it during the run that just ended.
    func restartCollectorIfStopped() {
        guard collectorStopped else { return }
        collectorStopped = false
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(collectorRef))
        pushString("restart", on: L)
        if banter_lua_pcall(L, 1, 0, 0) != LUA_OK { banter_lua_pop(L, 1) }
    }

    /// Stops the run when a garbage collection the script asked for took it past its time
    /// budget: the stop is sticky, so the next instruction or host call raises it (a loop of
    /// collections cannot outlast the budget between two hook calls).
    private func checkDeadline() {
        let deadline = control.pointee.deadline
        guard deadline > 0, control.pointee.stopped == 0 else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        if Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 > deadline {
            control.pointee.stopped = Int32(BANTER_STOP_TIME)
        }
    }

    /// Puts `guard` into the helpers table (on top of the stack) under `key`, holding the
    /// library's original function as its upvalue.
    private func wrapOriginal(library: String, function: String, with guardFunction: lua_CFunction, as key: String) {
        lua_getglobal(L, library)
        lua_getfield(L, -1, function)
        lua_pushcclosure(L, guardFunction, 1)
        lua_setfield(L, -3, key)
        banter_lua_pop(L, 1)
    }

    /// What `print` shows for one argument (no metamethods run on the host side).
    package static func printable(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .boolean(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(format: "%.1f", number) : String(number)
        case .string(let text): text
        case .table: "table"
        case .other(let name): name
        }
    }

    /// The path of `name` inside the bot's folder, read as Lua reads a file name in its
    /// current folder ("./a/b.lua", "a//b.lua"), or nil when it leaves the folder (an
    /// absolute path, a ".." part) or there is no folder. Every such path is remembered for
    /// the watcher (`requiredFiles`), found or not.
    private func pathInFolder(_ name: String) -> String? {
        guard let directory = moduleDirectory, !name.hasPrefix("/") else { return nil }
        let parts = name.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        let path = URL(fileURLWithPath: directory).appendingPathComponent(parts.joined(separator: "/"))
            .standardizedFileURL.path
        noteRequiredFile(path)
        return path
    }

    /// `package.searchpath`'s test: `name` is a file inside the bot's folder.
    func readable(_ name: String) -> Bool {
        guard let path = pathInFolder(name) else { return false }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// `require`'s loader for a file `package.searchpath` found: the compiled chunk, named
    /// as Lua's `luaL_loadfile` names it ("@./a/b.lua"), or nil and why it cannot load.
    func loadModule(_ name: String) -> LuaReturn {
        guard let path = pathInFolder(name), let thread = callingThread else {
            return .values([.nil, .string("cannot open \(name)")])
        }
        do throws(ScriptError) {
            try compile(LuaState.read(path, as: name, limit: limits.maxChunkBytes), chunkName: "@" + name, on: thread)
            return .pushed(1)
        } catch {
            return .values([.nil, .string(error.description)])
        }
    }

    /// `loadfile`'s reader: the text of a file inside the bot's folder (a relative path,
    /// "./" and subfolders allowed, never ".."), by `require`'s size and text rules, and its
    /// chunk name (the name as given, as Lua's); or nil and Lua's "cannot open" message.
    func readFile(_ name: String) -> LuaReturn {
        guard moduleDirectory != nil else {
            return .values([.nil, .string("cannot open \(name): files are not available here")])
        }
        guard let path = pathInFolder(name) else {
            return .values([
                .nil,
                .string("cannot open \(name): outside the bot's folder (a bot reads files in its own folder only)"),
            ])
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return .values([.nil, .string("cannot open \(name): No such file or directory")])
        }
        do {
            let bytes = try LuaState.read(path, as: name, limit: limits.maxChunkBytes)
            return .values([.string(String(decoding: bytes, as: UTF8.self)), .string("@" + name)])
        } catch {
            return .values([.nil, .string("cannot read \(name): \(error.reason)")])
        }
    }
}
