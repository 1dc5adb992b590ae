local helpers = ...
local G = _G
local error, type, tostring, select, next, rawequal = error, type, tostring, select, next, rawequal
local rawget, rawset, setmetatable, getmetatable = rawget, rawset, setmetatable, getmetatable
local pcall, concat, tointeger = pcall, table.concat, math.tointeger
local string_sub, find = string.sub, string.find
local real_load, os_time, os_date = load, os.time, os.date
local math_randomseed, collect = math.randomseed, collectgarbage
local running, isyieldable, yield = coroutine.running, coroutine.isyieldable, coroutine.yield
local getinfo, raw_getmetatable = helpers.debug.getinfo, helpers.debug.getmetatable
local fail = helpers.fail

-- Metatables the sandbox set on values a script can reach: getmetatable and
-- debug.getmetatable both answer `false` for them, so none becomes writable.
local protected = setmetatable({}, { __mode = "k" })

-- Read-only proxies of the library tables, by proxy: the library's name and its table.
local library_names, library_tables = setmetatable({}, { __mode = "k" }), setmetatable({}, { __mode = "k" })
local function readonly(name, lib)
  local proxy = {}
  library_names[proxy], library_tables[proxy] = name, lib
  local mt = {
    __index = lib,
    __newindex = function(_, key)
      error("cannot modify the '" .. name .. "' library (tried to set '" .. tostring(key) .. "')", 2)
    end,
    __pairs = function() return next, lib, nil end,
    __len = function() return #lib end,
    __metatable = false,
  }
  protected[mt] = true
  return setmetatable(proxy, mt)
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
local print_line = helpers.print
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

-- rawget and rawset work on the script's own tables (the global table included); a
-- library proxy reads as its library and cannot be written.
builtins.rawget = function(t, key)
  local lib = library_tables[t]
  if lib ~= nil then t = lib end
  return (rawget(t, key))
end
builtins.rawset = function(t, key, value)
  local name = library_names[t]
  if name ~= nil then
    fail("cannot modify the '" .. name .. "' library (tried to set '" .. tostring(key) .. "')")
  end
  rawset(t, key, value)
  return t
end

-- Finalizers run, but never from inside Lua's collector, which would call script code at
-- any allocation (inside host calls too) with the hook off. An object marked for
-- finalization (its metatable had __gc when setmetatable ran) gets a sentinel that the
-- collector finalizes with it and that only queues it; run_finalizers then calls the
-- queued objects' __gc as script code, under pcall and the run's budget: at the end of
-- collectgarbage("collect"/"step"), and from the host after each run. A finalizer's
-- error becomes a note to the host, as Lua makes it a warning.
local sentinel, next_finalizable = helpers.finalizer_sentinel, helpers.finalizer_next
local finalizer_failed = helpers.finalizer_failed
local watched = setmetatable({}, { __mode = "k" }) -- object -> its sentinel (an ephemeron)
local function run_finalizers()
  for object in next_finalizable do
    watched[object] = nil -- setmetatable may mark it again, as in Lua
    local mt = raw_getmetatable(object)
    local finalizer = mt and rawget(mt, "__gc")
    if finalizer ~= nil then
      local ok, problem = pcall(finalizer, object)
      if not ok then
        finalizer_failed(type(problem) == "string" and problem or "error object is not a string")
      end
    end
  end
end
helpers.run_finalizers = run_finalizers

local function raise_at_caller(ok, ...)
  if not ok then error((...), 2) end -- reached by a tail call: level 2 is the script
  return ...
end
-- Lua marks the object when the metatable has __gc; here Lua never sees the field
-- (it is absent while setmetatable runs) and the object gets its sentinel instead.
builtins.setmetatable = function(t, mt)
  if type(mt) ~= "table" or rawget(mt, "__gc") == nil then
    return raise_at_caller(pcall(setmetatable, t, mt))
  end
  local finalizer = rawget(mt, "__gc")
  rawset(mt, "__gc", nil)
  local ok, result = pcall(setmetatable, t, mt)
  rawset(mt, "__gc", finalizer)
  if ok and watched[t] == nil then watched[t] = sentinel(t) end
  return raise_at_caller(ok, result)
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
    -- The host's collector is generational, where every step is a whole (minor)
    -- collection that Lua reports as false; it did finish a cycle, so say so, as an
    -- incremental step that ends a cycle does (`repeat until collectgarbage("step")`).
    if option == "step" then result = true end
    collected()
    run_finalizers()
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

-- xpcall's handler would run inside the hook when the hook stops the script, where Lua
-- turns hooks off: run it after unwinding instead, with hooks on.
local function handled(handler, ok, ...)
  if ok then return true, ... end
  return false, handler((...))
end
-- In a C frame (see c_frame), as Lua's xpcall is: the handler sees xpcall's caller below.
local c_frame = helpers.c_frame
builtins.xpcall = c_frame(function(f, handler, ...)
  if type(handler) ~= "function" then
    error("bad argument #2 to 'xpcall' (function expected, got " .. type(handler) .. ")", 3)
  end
  return handled(handler, pcall(f, ...))
end)

local max_chunk = helpers.max_chunk
builtins.load = function(chunk, name, mode, ...)
  if type(chunk) == "string" and #chunk > max_chunk then
    return nil, "load: chunk larger than " .. max_chunk .. " bytes"
  end
  -- Binary chunks are never loaded; where the script allows binary chunks only, a text
  -- chunk gets Lua's own refusal (Lua tells them apart by the first byte read).
  if type(mode) == "string" and not find(mode, "t", 1, true) and (type(chunk) == "string" or type(chunk) == "function") then
    local first = chunk
    if type(chunk) == "function" then first = chunk() end
    if type(first) == "string" and string_sub(first, 1, 1) == "\27" then
      return nil, "attempt to load a binary chunk (mode is 't')"
    end
    return nil, "attempt to load a text chunk (mode is '" .. mode .. "')"
  end
  if select("#", ...) > 0 then return real_load(chunk, name, "t", ...) end
  return real_load(chunk, name, "t", G)
end

-- require: package.loaded first (the standard libraries by name, as in Lua, and every
-- module loaded so far), a clear refusal for the libraries the sandbox leaves out, else
-- a module from the bot's folder.
local loaded = { _G = G, string = builtins.string, table = builtins.table, math = builtins.math,
  utf8 = builtins.utf8, coroutine = builtins.coroutine, os = builtins.os }
local left_out = { io = "scripts cannot reach files or processes" }
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

-- package: the script's own module table (package.loaded[name] = nil makes the next
-- require load the file again) and Lua's informational strings; no searchers, no C.
builtins.package = { loaded = loaded, path = "./?.lua", config = "/\n;\n?\n!\n-\n" }
loaded.package = builtins.package

-- debug: read-only, over the script's own frames and values. Banter's own Lua code
-- (chunks named "=[banter …]") looks like C functions, and a frame's function is shown
-- only when the script could reach it anyway, so no internal becomes reachable.
local library_functions = setmetatable({}, { __mode = "k" })
local function reachable(f)
  if library_functions[f] then return true end
  for _, value in next, builtins do
    if rawequal(value, f) then return true end
  end
  return false
end
local function is_host(source)
  return source ~= nil and string_sub(source, 1, 8) == "=[banter"
end
-- `info` as the script may see it: `probe` ("Sf") describes the same function, `caller`
-- ("S") the frame that called it (its code names the function).
local function hide_host(info, probe, caller, on_stack)
  local host = is_host(probe.source)
  if host then
    if info.source ~= nil then
      info.source, info.short_src, info.what, info.linedefined, info.lastlinedefined = "=[C]", "[C]", "C", -1, -1
    end
    if info.currentline ~= nil then info.currentline = -1 end
    if info.nups ~= nil then info.nups, info.nparams, info.isvararg = 0, 0, true end
    info.activelines = nil
  end
  if on_stack and info.func ~= nil and (host or probe.what == "C") and not reachable(info.func) then
    info.func = nil
  end
  if info.namewhat ~= nil and caller ~= nil and is_host(caller.source) then info.name, info.namewhat = nil, "" end
  return info
end
-- Frame `level` of `thread` (nil: counted as getinfo(level) counts it in the function
-- that calls frame_info), hidden as above, and the frame's real function.
local function frame_info(thread, level, what)
  local info, probe, caller
  if thread ~= nil then
    info = getinfo(thread, level, what)
    probe, caller = getinfo(thread, level, "Sf"), getinfo(thread, level + 1, "S")
  else
    info = getinfo(level + 1, what)
    probe, caller = getinfo(level + 1, "Sf"), getinfo(level + 2, "S")
  end
  return hide_host(info, probe, caller, true), probe.func
end
-- Lua's argument errors (raised under pcall, so without a place), placed at the script's
-- call as Lua places them: never a tail call, so level 4 is the script, past this
-- function, the debug function and its C frame.
local function checked(ok, ...)
  if ok then return ... end
  error((...), 4)
end
local script_levels = helpers.script_levels

-- Each runs in a C frame (see c_frame), as Lua's do: the script's level 0 is that frame,
-- and levels count the frames the script sees (see script_levels).
local dbg = {}
dbg.getinfo = function(...)
  local thread, target, what
  if type((...)) == "thread" then thread, target, what = ... else target, what = ... end
  if what == nil then what = "flnSrtu" end
  if thread == running() then thread = nil end
  if type(target) == "function" then
    local info
    if thread ~= nil then info = checked(pcall(getinfo, thread, target, what)) else info = checked(pcall(getinfo, target, what)) end
    return hide_host(info, getinfo(target, "S"), nil, false)
  end
  if thread ~= nil then
    checked(pcall(getinfo, thread, target, what))
  else
    checked(pcall(getinfo, target, ""))
    checked(pcall(getinfo, 0, what))
  end
  local level = script_levels(thread, target, 1)[1]
  if level == nil then return nil end
  local info = frame_info(thread, level, what)
  return info
end

-- The name luaL_traceback gives a function: where package.loaded holds it, else how
-- the calling code names it.
local function global_name(func)
  for module_name, module in next, loaded do
    if type(module_name) == "string" then
      if rawequal(module, func) then return module_name end
      local fields = library_tables[module] or module
      if type(fields) == "table" then
        for key, value in next, fields do
          if type(key) == "string" and rawequal(value, func) then
            return module_name == "_G" and key or module_name .. "." .. key
          end
        end
      end
    end
  end
end
local function function_name(info, func)
  local name = func ~= nil and global_name(func)
  if name then return "function '" .. name .. "'" end
  if info.namewhat ~= "" then return info.namewhat .. " '" .. info.name .. "'" end
  if info.what == "main" then return "main chunk" end
  if info.what ~= "C" then return "function <" .. info.short_src .. ":" .. info.linedefined .. ">" end
  return "?"
end
-- luaL_traceback's format: the first 10 and last 11 levels of a deep stack.
dbg.traceback = function(...)
  local thread, message, level
  local argument = 1 -- the message's position
  if type((...)) == "thread" then
    thread, message, level = ...
    argument = 2
  else
    message, level = ...
  end
  if thread == running() then thread = nil end
  if message ~= nil and type(message) ~= "string" then
    if type(message) ~= "number" then return message end
    message = tostring(message)
  end
  if level == nil then
    level = thread ~= nil and 0 or 1
  else
    level = tointeger(level)
    if level == nil then
      error("bad argument #" .. (argument + 1) .. " to 'traceback' (number expected, got "
        .. type(select(argument + 1, ...)) .. ")", 3)
    end
  end
  local levels = script_levels(thread, level, -1)
  local out = { message ~= nil and message .. "\n" or "", "stack traceback:" }
  local total = #levels
  for i = 1, total do
    if total > 22 and i == 11 then
      out[#out + 1] = "\n\t...\t(skipping " .. (total - 22) .. " levels)"
    elseif total <= 22 or i < 11 or i > total - 11 then
      local info, func = frame_info(thread, levels[i], "Slnt")
      if info.currentline <= 0 then
        out[#out + 1] = "\n\t" .. info.short_src .. ": in "
      else
        out[#out + 1] = "\n\t" .. info.short_src .. ":" .. info.currentline .. ": in "
      end
      out[#out + 1] = function_name(info, func)
      if info.istailcall then out[#out + 1] = "\n\t(...tail calls...)" end
    end
  end
  return concat(out)
end
-- The metatable as Lua's debug.getmetatable gives it (past __metatable) for the
-- script's own values; the sandbox's protected metatables answer as getmetatable does.
dbg.getmetatable = function(...)
  if select("#", ...) == 0 then error("bad argument #1 to 'getmetatable' (value expected)", 3) end
  local value = ...
  if type(value) == "table" then
    local mt = raw_getmetatable(value)
    if mt == nil or not protected[mt] then return mt end
  end
  return (getmetatable(value))
end
for name, f in next, dbg do dbg[name] = c_frame(f) end
builtins.debug = readonly("debug", dbg)
loaded.debug = builtins.debug
for _, lib in ipairs({ str, tbl, mth, utf8, co, os_safe, dbg }) do
  for _, value in next, lib do
    if type(value) == "function" then library_functions[value] = true end
  end
end

-- The global table becomes the script's environment, holding the built-ins as Lua's
-- does; `builtins` stays the pristine copy for Banter's own code.
for key in next, G do G[key] = nil end
builtins._G = G
for key, value in next, builtins do G[key] = value end
local note_undefined = helpers.note_undefined
local environment = {
  __index = function(_, key) note_undefined(key) end,
  __metatable = false,
}
protected[environment] = true
setmetatable(G, environment)
return builtins
