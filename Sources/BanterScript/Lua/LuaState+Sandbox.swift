import BanterCore
import CLua
import LuaSandbox
import Foundation

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

        lua_createtable(L, 0, 16)
        let cFunctions: [(String, lua_CFunction)] = [
            ("co_create", banter_co_create), ("co_wrap", banter_co_wrap),
            ("find", banter_str_find), ("match", banter_str_match), ("gmatch", banter_str_gmatch),
            ("gsub", banter_str_gsub), ("find_case", banter_str_find_case), ("check_pattern", banter_pattern_check),
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
            ("now", { [unowned self] _ in
                .values([.number(Double(self.clock().millisecondsSince1970) / 1000)])
            }),
            ("print", { [unowned self] arguments in // one line, already converted by the prelude
                self.printer(arguments.first?.stringValue ?? "")
                return .none
            }),
            ("load_module", { [unowned self] arguments throws(LuaCallError) in
                try self.loadModule(arguments.first?.stringValue ?? "")
            }),
            // Raises its message at the script's own innermost line (the trampoline adds
            // file:line), however deep in trusted code, tail calls or pcall the error starts.
            ("fail", { arguments throws(LuaCallError) in
                throw LuaCallError(arguments.first?.stringValue ?? "error")
            }),
            ("note_undefined", { [unowned self] arguments in
                self.noteUndefinedGlobal(arguments.first ?? .nil)
                return .none
            }),
            ("collected", { [unowned self] _ in
                self.checkDeadline()
                return .none
            }),
            ("collector_stopped", { [unowned self] _ in
                self.collectorStopped = true
                return .none
            }),
        ]
        for (name, function) in hosts {
            pushHostFunction(function, on: L)
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
            throw ScriptError(reason: "internal error: the Lua sandbox prelude failed (\(string(at: -1, in: thread.pointer)))")
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
    static func printable(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .boolean(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(format: "%.1f", number) : String(number)
        case .string(let text): text
        case .table: "table"
        case .other(let name): name
        }
    }

    /// `require`'s loader: a text chunk from the bot's own folder, or a clear error.
    func loadModule(_ name: String) throws(LuaCallError) -> LuaReturn {
        guard let directory = moduleDirectory else {
            throw LuaCallError("require: modules are not available here")
        }
        // "a.b" and "a/b" both name a/b.lua (Lua's path template turns dots into slashes and
        // keeps slashes); every part must be a plain name, so nothing leaves the folder.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        let parts = name.split(separator: /[.\/]/, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }) else {
            throw LuaCallError("require: invalid module name '\(name)' (use letters, digits, '_', '-', and dots or '/' for subfolders)")
        }
        let relative = parts.joined(separator: "/") + ".lua"
        let path = URL(fileURLWithPath: directory).appendingPathComponent(relative).standardizedFileURL.path
        if !requiredFiles.contains(path) { requiredFiles.append(path) }
        let bytes: [UInt8]
        do {
            bytes = try LuaState.read(path, as: relative, limit: limits.maxChunkBytes)
        } catch {
            guard FileManager.default.fileExists(atPath: path) else {
                throw LuaCallError("require: module '\(name)' not found in the bot's folder (looked for \(relative))")
            }
            throw LuaCallError("require: \(error)")
        }
        guard let thread = callingThread else { throw LuaCallError("require: no caller") }
        do {
            try compile(bytes, chunkName: "@" + relative, on: thread)
        } catch {
            throw LuaCallError("require: \(error)")
        }
        return .pushed(1)
    }

    /// Trusted Lua run once per state, before any script: it keeps what is safe, wraps what
    /// needs a guard, makes library tables read-only, locks the string metatable, and turns
    /// the global table into the sandbox environment: script globals live in it; built-ins
    /// are read through it from a protected table; reading an unknown name gives nil, as in
    /// Lua, and is reported to the host (`undefinedGlobalRead`).
    static let prelude = #"""
    local helpers = ...
    local G = _G
    local error, type, tostring, select, next = error, type, tostring, select, next
    local rawget, rawset, setmetatable, getmetatable = rawget, rawset, setmetatable, getmetatable
    local real_load, os_time, os_date = load, os.time, os.date
    local math_randomseed, collect = math.randomseed, collectgarbage
    local running, isyieldable, yield = coroutine.running, coroutine.isyieldable, coroutine.yield
    local fail = helpers.fail

    -- Read-only proxies of the library tables, by proxy: the library's name and its table.
    local library_names, library_tables = setmetatable({}, { __mode = "k" }), setmetatable({}, { __mode = "k" })
    local function readonly(name, lib)
      local proxy = {}
      library_names[proxy], library_tables[proxy] = name, lib
      return setmetatable(proxy, {
        __index = lib,
        __newindex = function(_, key)
          error("cannot modify the '" .. name .. "' library (tried to set '" .. tostring(key) .. "')", 2)
        end,
        __pairs = function() return next, lib, nil end,
        __len = function() return #lib end,
        __metatable = false,
      })
    end

    local function copy(lib, names)
      local result = {}
      for i = 1, #names do result[names[i]] = lib[names[i]] end
      return result
    end

    -- string: the metatable's __index is this very table, so patch it in place.
    local str = string
    str.dump = nil
    str.find, str.match, str.gmatch, str.gsub = helpers.find, helpers.match, helpers.gmatch, helpers.gsub
    str.rep = helpers.rep
    getmetatable("").__metatable = false

    -- No coroutine.close: it would run __close handlers of a coroutine killed by the hook,
    -- and Lua leaves hooks off on such a thread.
    local co = copy(coroutine, { "status" })
    co.create, co.wrap = helpers.co_create, helpers.co_wrap

    -- Every coroutine the host drives (a script's main chunk, a handler run) looks like Lua's
    -- main thread to the script: it is not yieldable, and a yield there is Lua's catchable
    -- error. Handlers pause through the host (chat:wait, chat:ask), never through yield.
    local host_threads = setmetatable({}, { __mode = "k" })
    helpers.host_threads = host_threads
    co.running = function()
      local thread = running()
      return thread, host_threads[thread] == true
    end
    co.isyieldable = function(...)
      local thread = ...
      if select("#", ...) == 0 then thread = running() end
      if host_threads[thread] then return false end
      return isyieldable(...)
    end
    co.yield = function(...)
      if host_threads[running()] then error("attempt to yield from outside a coroutine", 0) end
      return yield(...)
    end
    -- Like Lua's main thread, a host-driven coroutine cannot be resumed by the script: a
    -- handler paused in chat:wait continues only when its host resumes it.
    local resume = coroutine.resume
    co.resume = function(thread, ...)
      if host_threads[thread] then return false, "cannot resume non-suspended coroutine" end
      return resume(thread, ...)
    end

    local tbl = copy(table, { "concat", "insert", "pack", "remove", "sort", "unpack" })
    tbl.move = helpers.move

    local mth = copy(math, { "abs", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log", "max",
      "maxinteger", "min", "mininteger", "modf", "pi", "rad", "random", "sin", "sqrt", "tan", "tointeger",
      "type", "ult", "atan", "asin", "acos" })
    local seed = helpers.seed
    mth.randomseed = function(...)
      if select("#", ...) == 0 then return math_randomseed(seed) end
      return math_randomseed(...)
    end
    math_randomseed(seed)

    local now = helpers.now
    local os_safe = {
      time = function(t) if t == nil then return math.floor(now()) end return os_time(t) end,
      date = function(format, t) if t == nil then t = math.floor(now()) end return os_date(format, t) end,
      clock = os.clock,
      difftime = os.difftime,
    }

    local builtins = {}
    for _, name in ipairs({ "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal",
      "rawlen", "select", "tonumber", "tostring", "type" }) do
      builtins[name] = G[name]
    end
    builtins._VERSION = _VERSION
    -- print converts its arguments with tostring, as Lua's does (__tostring and __name
    -- included, run as the script's own code), and hands the host one line.
    local print_line, concat = helpers.print, table.concat
    builtins.print = function(...)
      local parts = { ... }
      for i = 1, select("#", ...) do parts[i] = tostring(parts[i]) end
      print_line(concat(parts, "\t"))
    end
    builtins.string = readonly("string", str)
    builtins.table = readonly("table", tbl)
    builtins.math = readonly("math", mth)
    builtins.utf8 = readonly("utf8", utf8)
    builtins.coroutine = readonly("coroutine", co)
    builtins.os = readonly("os", os_safe)

    -- rawget and rawset work on the script's own tables; a library proxy reads as its
    -- library and cannot be written, and the built-ins behind _G cannot be replaced.
    builtins.rawget = function(t, key)
      local lib = library_tables[t]
      if lib ~= nil then t = lib end
      local value = rawget(t, key)
      if value == nil and t == G then value = rawget(builtins, key) end
      return value
    end
    builtins.rawset = function(t, key, value)
      local name = library_names[t]
      if name ~= nil then
        fail("cannot modify the '" .. name .. "' library (tried to set '" .. tostring(key) .. "')")
      end
      if t == G and rawget(builtins, key) ~= nil then
        fail("cannot replace the built-in '" .. tostring(key) .. "'")
      end
      rawset(t, key, value)
      return t
    end

    -- The collector stays the host's: scripts may measure it, ask for a collection, and
    -- stop it for the rest of the run (the host restarts it when the run ends), not change
    -- its mode or tuning. A collection is checked against the run's time budget.
    local collected, collector_stopped = helpers.collected, helpers.collector_stopped
    helpers.collect = collect
    local gc_refused = { incremental = true, generational = true, setpause = true, setstepmul = true }
    builtins.collectgarbage = function(option, size)
      if option == nil then option = "collect" end
      if option == "count" or option == "isrunning" or option == "restart" then
        local result = collect(option)
        return result
      elseif option == "collect" or option == "step" then
        local result = collect(option, size)
        collected()
        return result
      elseif option == "stop" then
        collector_stopped()
        local result = collect(option)
        return result
      elseif gc_refused[option] then
        fail("collectgarbage: '" .. option .. "' is not available in scripts (the host runs the collector; "
          .. "use \"count\", \"collect\", \"step\", \"isrunning\", \"stop\" or \"restart\")")
      end
      error("bad argument #1 to 'collectgarbage' (invalid option '" .. tostring(option) .. "')", 2)
    end

    local pcall = pcall
    local function raise_at_caller(ok, ...)
      if not ok then error((...), 2) end -- reached by a tail call: level 2 is the script
      return ...
    end
    -- Finalizers never run: Lua would run them with the hook off, so a looping one would
    -- hang the host. A metatable may hold __gc (class libraries copy every metamethod), but
    -- it is absent while setmetatable runs, which is when Lua marks an object for
    -- finalization, and never called.
    builtins.setmetatable = function(t, mt)
      if type(mt) ~= "table" or rawget(mt, "__gc") == nil then
        return raise_at_caller(pcall(setmetatable, t, mt))
      end
      local finalizer = rawget(mt, "__gc")
      rawset(mt, "__gc", nil)
      local ok, result = pcall(setmetatable, t, mt)
      rawset(mt, "__gc", finalizer)
      return raise_at_caller(ok, result)
    end

    -- xpcall's handler would run inside the hook when the hook stops the script, where Lua
    -- turns hooks off: run it after unwinding instead, with hooks on.
    local function handled(handler, ok, ...)
      if ok then return true, ... end
      return false, handler((...))
    end
    builtins.xpcall = function(f, handler, ...)
      if type(handler) ~= "function" then
        error("bad argument #2 to 'xpcall' (function expected, got " .. type(handler) .. ")", 2)
      end
      return handled(handler, pcall(f, ...))
    end

    local max_chunk = helpers.max_chunk
    builtins.load = function(chunk, name, mode, ...)
      if type(chunk) == "string" and #chunk > max_chunk then
        return nil, "load: chunk larger than " .. max_chunk .. " bytes"
      end
      if select("#", ...) > 0 then return real_load(chunk, name, "t", ...) end
      return real_load(chunk, name, "t", G)
    end

    -- require: the standard libraries by name (as in Lua, where package.loaded holds them),
    -- a clear refusal for those the sandbox leaves out, else a module from the bot's folder.
    local loaded = { _G = G, string = builtins.string, table = builtins.table, math = builtins.math,
      utf8 = builtins.utf8, coroutine = builtins.coroutine, os = builtins.os }
    local left_out = {
      io = "scripts cannot reach files or processes",
      debug = "it could reach past the sandbox and its limits",
      package = "modules come from the bot's own folder through require",
    }
    local loading = {}
    local load_module = helpers.load_module
    builtins.require = function(name)
      if type(name) ~= "string" then fail("require: the module name must be a string, got " .. type(name)) end
      local value = loaded[name]
      if value ~= nil then return value end
      if left_out[name] then
        fail("require: the sandbox does not offer the '" .. name .. "' library (" .. left_out[name] .. ")")
      end
      if loading[name] then fail("require: module '" .. name .. "' requires itself") end
      local chunk = load_module(name)
      loading[name] = true
      local ok
      ok, value = pcall(chunk, name)
      loading[name] = nil -- a module that failed may be required again
      if not ok then error(value, 0) end
      if value == nil then value = true end
      loaded[name] = value
      return value
    end

    -- The global table becomes the sandbox environment.
    for key in next, G do G[key] = nil end
    builtins._G = G
    local note_undefined = helpers.note_undefined
    setmetatable(builtins, {
      __index = function(_, key) note_undefined(key) end,
      __metatable = false,
    })
    setmetatable(G, {
      __index = builtins,
      __newindex = function(t, key, value)
        if rawget(builtins, key) ~= nil then
          error("cannot replace the built-in '" .. tostring(key) .. "'", 2)
        end
        rawset(t, key, value)
      end,
      __metatable = false,
    })
    return builtins
    """#
}
