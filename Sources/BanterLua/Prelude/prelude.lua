local helpers = ...
local G = _G
local error, type, tostring, select, next, rawequal = error, type, tostring, select, next, rawequal
local rawget, rawset, setmetatable, getmetatable = rawget, rawset, setmetatable, getmetatable
local pcall, concat, tointeger = pcall, table.concat, math.tointeger
local string_sub, find, gsub, format = string.sub, string.find, string.gsub, string.format
local floor, math_type = math.floor, math.type
local real_load, os_time, os_date = load, os.time, os.date
local math_randomseed, collect = math.randomseed, collectgarbage
local running, isyieldable, yield = coroutine.running, coroutine.isyieldable, coroutine.yield
local getinfo, raw_getmetatable = helpers.debug.getinfo, helpers.debug.getmetatable
local fail, c_frame = helpers.fail, helpers.c_frame

-- Metatables the sandbox set on values a script can reach: getmetatable and
-- debug.getmetatable both answer `false` for them, so none becomes writable.
local protected = setmetatable({}, { __mode = "k" })

-- The library tables are the script's own, as in Lua: it may add to them and replace
-- their functions, which changes only this state. Banter's own Lua keeps its own copies
-- (`builtins`) and the locals above, so nothing a script does to them reaches the host.
local function copy(lib, names)
  local result = {}
  if names == nil then
    for key, value in next, lib do result[key] = value end
  else
    for i = 1, #names do result[names[i]] = lib[names[i]] end
  end
  return result
end

-- Takes what a wrapper's pcall of a function of Lua's libraries gave and raises its error
-- as Lua raises it from the script's own call: at the caller's line, and named as the
-- caller's code names the wrapper (`bad argument #1 to 'date'`), else by its global name
-- (`global`, as luaL_argerror falls back to "os.date"). Called, never tail-called, by the
-- wrapper the script called, with one result: level 2 is the wrapper, 3 its caller.
local function as_called(global, ok, ...)
  if ok then return ... end
  local problem = ...
  if type(problem) == "string" and string_sub(problem, 1, 17) ~= "not enough memory" then
    local name = getinfo(2, "n").name or global
    problem = gsub(problem, "^bad argument (#%d+) to '[^']*'", function(n) return "bad argument " .. n .. " to '" .. name .. "'" end)
    error(problem, 3)
  end
  error(problem, 0)
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
  if type(thread) ~= "thread" then return (as_called("coroutine.resume", pcall(resume, thread, ...))) end
  return resume(thread, ...)
end

local tbl = copy(table, { "concat", "insert", "pack", "remove", "sort", "unpack" })
tbl.move = helpers.move

-- math as Lua 5.4 builds it by default, with the 5.3 compatibility functions (pow, ldexp,
-- frexp, cosh, sinh, tanh, log10).
local mth = copy(math)
local seed = helpers.seed
mth.randomseed = function(...)
  if select("#", ...) == 0 then return math_randomseed(seed) end
  return math_randomseed(...)
end
math_randomseed(seed)

local now = helpers.now
-- A value's type as Lua's argument errors name it: its metatable's __name, else its type.
local function type_name(value)
  local mt = raw_getmetatable(value)
  local name = type(mt) == "table" and rawget(mt, "__name")
  if type(name) == "string" then return name end
  return type(value)
end
-- Lua's luaL_argerror, raised from a function of the sandbox's libraries written in Lua:
-- `level` is that function's level from the caller of arg_error (1: it called it). The
-- name is the one the calling code gives it, else its global name (as Lua falls back to
-- "io.open"), and a method call counts arguments after `self`, as Lua's does.
local function arg_error(level, global, n, extra)
  local info = getinfo(level + 1, "n")
  if info.namewhat == "method" then n = n - 1 end
  error("bad argument #" .. n .. " to '" .. (info.name or global) .. "' (" .. extra .. ")", level + 2)
end
-- Lua's luaL_checkstring for argument `n` of `count` (numbers convert as Lua converts
-- them to strings: 5.0 is "5.0").
local function check_string(level, global, n, count, value)
  if type(value) == "string" then return value end
  if type(value) == "number" then return tostring(value) end
  arg_error(level + 1, global, n, "string expected, got " .. (n > count and "no value" or type_name(value)))
end
-- No files and no processes: what Lua answers on a system that refuses them.
local EPERM = 1
local no_files = "no files in the bot sandbox"
local no_processes = "no processes in the bot sandbox"
local locale_categories = { all = true, collate = true, ctype = true, monetary = true, numeric = true, time = true }
local os_safe = {
  time = function(...)
    if select("#", ...) == 0 or (...) == nil then return floor(now()) end
    return (as_called("os.time", pcall(os_time, ...)))
  end,
  date = function(date_format, t)
    if t == nil then t = floor(now()) end
    return (as_called("os.date", pcall(os_date, date_format, t)))
  end,
  clock = os.clock,
  difftime = os.difftime,
  getenv = function(...)
    check_string(1, "os.getenv", 1, select("#", ...), (...))
    return nil
  end,
  execute = function(...)
    if (...) == nil then return false end -- no shell
    check_string(1, "os.execute", 1, select("#", ...), (...))
    return nil, no_processes, EPERM
  end,
  remove = function(...)
    local name = check_string(1, "os.remove", 1, select("#", ...), (...))
    return nil, name .. ": " .. no_files, EPERM
  end,
  rename = function(...)
    local count = select("#", ...)
    local from, to = ...
    from = check_string(1, "os.rename", 1, count, from)
    check_string(1, "os.rename", 2, count, to)
    return nil, from .. ": " .. no_files, EPERM
  end,
  tmpname = function() error("unable to generate a unique filename", 2) end,
  -- Only the C locale, as on a system that has no other.
  setlocale = function(locale, category)
    if locale ~= nil then locale = check_string(1, "os.setlocale", 1, 1, locale) end
    if category ~= nil and not locale_categories[category] then
      arg_error(1, "os.setlocale", 2, "invalid option '" .. tostring(category) .. "'")
    end
    if locale == nil or locale == "" or locale == "C" or locale == "POSIX" then return "C" end
    return nil
  end,
  exit = function() fail("os.exit: a bot cannot end the process") end,
}

local builtins = {}
for _, name in ipairs({ "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal",
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
builtins.rawget, builtins.rawset = rawget, rawset

-- io for a sandbox without files: opening a file fails as Lua fails when it cannot open
-- one, the standard output and error go to the log (as print does), the standard input is
-- empty, and there are no processes.
local io_lib, file_methods, files = {}, {}, setmetatable({}, { __mode = "k" })
local file_mt = { __name = "FILE*", __index = file_methods }
file_mt.__tostring = function(f) return "file (" .. files[f] .. ")" end
local new_userdata = helpers.new_userdata
local function std_file(name)
  local f = new_userdata(file_mt)
  files[f] = name
  return f
end
local stdin, stdout, stderr = std_file("stdin"), std_file("stdout"), std_file("stderr")
local default_input, default_output = stdin, stdout
-- `f` for a method of a file at `level` (see arg_error).
local function check_file(level, global, f)
  if files[f] == nil then arg_error(level + 1, global, 1, "FILE* expected, got " .. (f == nil and "no value" or type_name(f))) end
  return f
end
-- write's arguments (strings, or numbers as Lua writes them; the first is argument
-- `first` of the function at `level`) go to the log as one line, without its last newline.
local function write_to(level, global, f, first, ...)
  local count = select("#", ...)
  local parts = { ... }
  for i = 1, count do
    -- io's write prints a float with "%.14g" (1.0 as "1"), not as tostring does
    if math_type(parts[i]) == "float" then
      parts[i] = format("%.14g", parts[i])
    else
      parts[i] = check_string(level + 1, global, first + i - 1, first + count, parts[i])
    end
  end
  if f == stdin then return nil, "Bad file descriptor", 9 end
  local text = concat(parts)
  if string_sub(text, -1) == "\n" then text = string_sub(text, 1, -2) end
  if text ~= "" then print_line(text) end
  return f
end
function file_methods.write(f, ...)
  check_file(1, "?", f)
  local a, b, c = write_to(1, "?", f, 2, ...)
  return a, b, c
end
function file_methods.read(f)
  check_file(1, "?", f)
  if f ~= stdin then return nil, "Bad file descriptor", 9 end
  return nil
end
function file_methods.lines(f)
  check_file(1, "?", f)
  return function() return nil end
end
function file_methods.close(f)
  check_file(1, "?", f)
  return nil, "cannot close standard file"
end
function file_methods.flush(f) check_file(1, "?", f) return true end
function file_methods.seek(f) check_file(1, "?", f) return nil, "Illegal seek", 29 end
function file_methods.setvbuf(f) check_file(1, "?", f) return true end
io_lib.stdin, io_lib.stdout, io_lib.stderr = stdin, stdout, stderr
local function cannot_open(name)
  error("cannot open file '" .. name .. "' (" .. no_files .. ")", 3)
end
function io_lib.open(...)
  local name = check_string(1, "io.open", 1, select("#", ...), (...))
  local mode = select(2, ...)
  if mode ~= nil then
    mode = check_string(1, "io.open", 2, 2, mode)
    if not find(mode, "^[rwa]%+?b*$") then arg_error(1, "io.open", 2, "invalid mode") end
  end
  return nil, name .. ": " .. no_files, EPERM
end
function io_lib.lines(...)
  if (...) == nil then return file_methods.lines(default_input) end
  cannot_open(check_string(1, "io.lines", 1, select("#", ...), (...)))
end
function io_lib.input(f)
  if f == nil then return default_input end
  if type(f) == "string" then cannot_open(f) end
  default_input = check_file(1, "io.input", f)
  return f
end
function io_lib.output(f)
  if f == nil then return default_output end
  if type(f) == "string" then cannot_open(f) end
  default_output = check_file(1, "io.output", f)
  return f
end
function io_lib.read() if default_input == stdin then return nil end return nil, "Bad file descriptor", 9 end
function io_lib.write(...)
  local a, b, c = write_to(1, "io.write", default_output, 1, ...)
  return a, b, c
end
function io_lib.close(f) return file_methods.close(f == nil and default_output or f) end
function io_lib.flush() return true end
function io_lib.popen() error("'popen' not supported", 2) end
function io_lib.tmpfile() return nil, no_files, EPERM end
function io_lib.type(...)
  if select("#", ...) == 0 then arg_error(1, "io.type", 1, "value expected") end
  if files[(...)] ~= nil then return "file" end
  return nil
end

-- The tables the script sees as its libraries, by name; `builtins` holds copies.
local libraries = { string = str, table = tbl, math = mth, utf8 = copy(utf8), coroutine = co, os = os_safe,
  io = io_lib }
for name, lib in next, libraries do builtins[name] = copy(lib) end

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

-- The global table's real metatable is the host's: a read of a global nobody defined
-- reads nil, as in Lua, and is noted to the host (`note_undefined`). The script may still
-- give _G a metatable of its own, as in Lua (strict.lua does): the host's forwards a read
-- of a missing global to the script's __index and the creation of a global to its
-- __newindex, each looked up in the script's metatable when it happens (strict.lua sets
-- them after setmetatable), and tail-called, so the script's handler sees the script's
-- frame below it; the script's other fields are copied in by setmetatable. getmetatable,
-- setmetatable and debug.getmetatable on _G see the script's metatable only. A script
-- that takes the reads of missing globals for itself (its own __index function) is no
-- longer noted.
local note_undefined = helpers.note_undefined
local script_metatable -- what the script gave _G, or nil
local forwarded = { __index = true, __newindex = true, __metatable = true, __gc = true }
local environment = { __metatable = false }
protected[environment] = true
environment.__index = function(t, key)
  local handler = script_metatable and rawget(script_metatable, "__index")
  if handler == nil then
    note_undefined(key)
    return nil
  end
  if type(handler) == "function" then return handler(t, key) end
  local value = handler[key]
  if value == nil then note_undefined(key) end
  return value
end
-- Only while the script has a metatable on _G: without one, a new global is a plain store.
local function forward_newindex(t, key, value)
  local handler = rawget(script_metatable, "__newindex")
  if handler == nil then return rawset(t, key, value) end
  if type(handler) == "function" then return handler(t, key, value) end
  handler[key] = value
end
local function set_global_metatable(mt)
  if script_metatable ~= nil and rawget(script_metatable, "__metatable") ~= nil then
    error("cannot change a protected metatable", 3)
  end
  for key in next, environment do
    if not forwarded[key] then environment[key] = nil end
  end
  script_metatable = mt
  environment.__newindex = mt ~= nil and forward_newindex or nil
  if mt == nil then return G end
  for key, value in next, mt do
    if not forwarded[key] then environment[key] = value end
  end
  return G
end
-- What getmetatable(_G) answers, past the script's __metatable as in Lua.
local function global_metatable()
  if script_metatable == nil then return nil end
  local field = rawget(script_metatable, "__metatable")
  if field ~= nil then return field end
  return script_metatable
end
builtins.getmetatable = function(...)
  if select("#", ...) == 0 then arg_error(1, "getmetatable", 1, "value expected") end
  local value = ...
  if rawequal(value, G) then return global_metatable() end
  return (getmetatable(value))
end

-- Lua marks the object when the metatable has __gc; here Lua never sees the field
-- (it is absent while setmetatable runs) and the object gets its sentinel instead.
builtins.setmetatable = function(t, mt)
  if rawequal(t, G) and (mt == nil or type(mt) == "table") then
    local result = set_global_metatable(mt) -- not a tail call: its error is at level 3
    return result
  end
  if type(mt) ~= "table" or rawget(mt, "__gc") == nil then
    return (as_called("setmetatable", pcall(setmetatable, t, mt)))
  end
  local finalizer = rawget(mt, "__gc")
  rawset(mt, "__gc", nil)
  local ok, result = pcall(setmetatable, t, mt)
  rawset(mt, "__gc", finalizer)
  if ok and watched[t] == nil then watched[t] = sentinel(t) end
  return (as_called("setmetatable", ok, result))
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

builtins.xpcall = helpers.xpcall -- Lua's, but for a stop of the budget (see banter_xpcall)

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
  -- A reader that returns something other than text fails as Lua's load fails: at the
  -- script's call of load, not inside this function.
  local bad_piece = false
  if type(chunk) == "function" then
    local reader = chunk
    chunk = function()
      local piece = reader()
      if piece == nil or type(piece) == "string" or type(piece) == "number" then return piece end
      bad_piece = true
      return nil
    end
  end
  local f, problem
  if select("#", ...) > 0 then f, problem = real_load(chunk, name, "t", ...) else f, problem = real_load(chunk, name, "t", G) end
  if bad_piece then
    local caller = getinfo(2, "Sl")
    local where = caller.currentline > 0 and caller.short_src .. ":" .. caller.currentline .. ": " or ""
    return nil, where .. "reader function must return a string"
  end
  return f, problem
end

-- package and require as Lua's loadlib.c builds them, over the bot's folder: require
-- asks package.loaded (the standard libraries by name, and every module loaded so far),
-- then each of package.searchers: package.preload, the Lua files of package.path
-- (searched by package.searchpath, whose file names are read inside the bot's folder, as
-- "./?.lua" is read in Lua's current folder), and the C modules of package.cpath, which
-- are never loaded (a Lua built without dynamic libraries). The messages are Lua's own.
local package_lib = { preload = {}, path = "./?.lua;./?/init.lua", cpath = "", config = "/\n;\n?\n!\n-\n" }
-- Lua keeps its own references to these two tables: a script that replaces
-- package.loaded or package.preload does not change what require reads.
local loaded, preload = { _G = G, package = package_lib }, package_lib.preload
package_lib.loaded = loaded
for name, lib in next, libraries do loaded[name] = lib end
local readable, load_module = helpers.readable, helpers.load_module

-- luaL_gsub: `s` with every `from` (plain text, not empty) replaced by `to`.
local function replace(s, from, to)
  local parts, i = {}, 1
  while true do
    local a, b = find(s, from, i, true)
    if a == nil then break end
    parts[#parts + 1] = string_sub(s, i, a - 1)
    parts[#parts + 1] = to
    i = b + 1
  end
  parts[#parts + 1] = string_sub(s, i)
  return concat(parts)
end
-- loadlib.c's searchpath: the first readable file name of `path` (names separated by
-- ";", "?" standing for `name` with each `sep` made `dirsep`), or nil and the list of
-- names tried.
local function search_path(name, path, sep, dirsep)
  if sep ~= "" and find(name, sep, 1, true) then name = replace(name, sep, dirsep) end
  local names = replace(path, "?", name)
  local i = 1
  while true do
    local j = find(names, ";", i, true)
    local filename = string_sub(names, i, (j or 0) - 1)
    if readable(filename) then return filename end
    if j == nil then break end
    i = j + 1
  end
  return nil, "no file '" .. replace(names, ";", "'\n\tno file '") .. "'"
end
-- As Lua's C compiler evaluates luaL_checkstring's arguments: the last one first.
package_lib.searchpath = function(...)
  local count = select("#", ...)
  local name, path, sep, dirsep = ...
  dirsep = dirsep == nil and "/" or check_string(1, "package.searchpath", 4, count, dirsep)
  sep = sep == nil and "." or check_string(1, "package.searchpath", 3, count, sep)
  path = check_string(1, "package.searchpath", 2, count, path)
  name = check_string(1, "package.searchpath", 1, count, name)
  local found, problem = search_path(name, path, sep, dirsep)
  if found ~= nil then return found end
  return nil, problem
end

local function find_file(name, field)
  local path = package_lib[field]
  if type(path) == "number" then path = tostring(path) end
  if type(path) ~= "string" then error("'package." .. field .. "' must be a string", 0) end
  return search_path(name, path, ".", "/")
end
local function searcher_name(...)
  return check_string(2, "?", 1, select("#", ...), (...))
end
local function cannot_load(name, filename, problem)
  error("error loading module '" .. name .. "' from file '" .. filename .. "':\n\t" .. problem, 0)
end
local no_dynamic_libraries = "dynamic libraries not enabled (a bot cannot load C modules)"
package_lib.searchers = {
  function(...)
    local name = searcher_name(...)
    local loader = preload[name]
    if loader == nil then return "no field package.preload['" .. name .. "']" end
    return loader, ":preload:"
  end,
  function(...)
    local name = searcher_name(...)
    local filename, problem = find_file(name, "path")
    if filename == nil then return problem end
    local chunk
    chunk, problem = load_module(filename)
    if chunk == nil then cannot_load(name, filename, problem) end
    return chunk, filename
  end,
  function(...)
    local name = searcher_name(...)
    local filename, problem = find_file(name, "cpath")
    if filename == nil then return problem end
    cannot_load(name, filename, no_dynamic_libraries)
  end,
  function(...)
    local name = searcher_name(...)
    local dot = find(name, ".", 1, true)
    if dot == nil then return end -- a root name: nothing to say
    local filename, problem = find_file(string_sub(name, 1, dot - 1), "cpath")
    if filename == nil then return problem end
    cannot_load(name, filename, no_dynamic_libraries)
  end,
}
-- A module that requires itself, directly or through others, is an error here, where Lua
-- recurses until its C stack overflows: `loading[name]` is the coroutine loading it, until
-- the loader returns or fails (a to-be-closed guard clears it either way).
local loading = setmetatable({}, { __mode = "v" })
local loading_guard = { __close = function(guard) loading[guard[1]] = nil end }
-- Runs in a C frame (see c_frame), as Lua's require is: its errors are raised at level 3,
-- the script's call, and its argument errors name it as the script's code does.
builtins.require = c_frame(function(...)
  local name = check_string(2, "require", 1, select("#", ...), (...))
  local value = loaded[name]
  if value then return value end
  if loading[name] == running() then error("require: module '" .. name .. "' requires itself", 3) end
  local searchers = package_lib.searchers
  if type(searchers) ~= "table" then error("'package.searchers' must be a table", 3) end
  local tried, i = {}, 1
  local loader, data
  while true do
    local searcher = rawget(searchers, i)
    if searcher == nil then error("module '" .. name .. "' not found:" .. concat(tried), 3) end
    loader, data = searcher(name)
    if type(loader) == "function" then break end
    if type(loader) == "string" or type(loader) == "number" then tried[#tried + 1] = "\n\t" .. loader end
    i = i + 1
  end
  loading[name] = running()
  local guard <close> = setmetatable({ name }, loading_guard) -- luacheck: ignore guard
  value = loader(name, data)
  if value ~= nil then loaded[name] = value end
  if loaded[name] == nil then loaded[name] = true end -- what the module itself stored wins
  return loaded[name], data
end)

-- loadfile and dofile read text files inside the bot's folder, by the rules of require.
local read_file = helpers.read_file
builtins.loadfile = function(name, mode, ...)
  local text, chunk_name = "", "=stdin" -- the standard input is empty
  if name ~= nil then
    text, chunk_name = read_file(check_string(1, "loadfile", 1, 1, name))
    if text == nil then return nil, chunk_name end
  end
  if mode ~= nil and not find(mode, "t", 1, true) then
    return nil, "attempt to load a text chunk (mode is '" .. tostring(mode) .. "')"
  end
  if select("#", ...) > 0 then return real_load(text, chunk_name, "t", ...) end
  return real_load(text, chunk_name, "t", G)
end
local loadfile = builtins.loadfile
builtins.dofile = function(name)
  local chunk, problem = loadfile(name)
  if chunk == nil then error(problem, 0) end
  return chunk()
end
builtins.package = package_lib

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
      if type(module) == "table" then
        for key, value in next, module do
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
  if rawequal(value, G) then return script_metatable end
  if type(value) == "table" then
    local mt = raw_getmetatable(value)
    if mt == nil or not protected[mt] then return mt end
  end
  return (getmetatable(value))
end
-- The upvalue functions, over the script's own Lua functions only (never a C function or
-- Banter's own Lua, whose upvalues are the sandbox's): enough for a template library to
-- give a compiled function its environment.
local real_debug = helpers.debug
local function own_function(name, position, f)
  if type(f) ~= "function" then return end -- Lua's own check names the type
  local info = getinfo(f, "S")
  if info.what == "C" or is_host(info.source) then
    error("bad argument #" .. position .. " to '" .. name .. "' (a function of the script expected; "
      .. "the sandbox does not reach into C functions or Banter's own)", 4)
  end
end
local function upvalue_function(name, real)
  dbg[name] = function(f, n, ...)
    own_function(name, 1, f)
    local a, b = checked(pcall(real, f, n, ...))
    if a == nil then return end
    return a, b
  end
end
upvalue_function("getupvalue", real_debug.getupvalue)
upvalue_function("setupvalue", real_debug.setupvalue)
-- An upvalue's identity reveals nothing of its value: any function's, as in Lua.
local upvalueid = real_debug.upvalueid
dbg.upvalueid = function(f, n)
  local id = checked(pcall(upvalueid, f, n))
  return id
end
dbg.upvaluejoin = function(f1, n1, f2, n2)
  own_function("upvaluejoin", 1, f1)
  own_function("upvaluejoin", 3, f2)
  checked(pcall(real_debug.upvaluejoin, f1, n1, f2, n2))
end
for name, f in next, dbg do dbg[name] = c_frame(f) end
libraries.debug, builtins.debug, loaded.debug = dbg, copy(dbg), dbg
for _, lib in next, libraries do
  for _, value in next, lib do
    if type(value) == "function" then library_functions[value] = true end
  end
end

-- The global table becomes the script's environment, holding the built-ins as Lua's
-- does; `builtins` stays the pristine copy for Banter's own code.
for key in next, G do G[key] = nil end
builtins._G = G
for key, value in next, builtins do G[key] = value end
for name, lib in next, libraries do G[name] = lib end
setmetatable(G, environment)
return builtins
