-- The debugger's Lua side, run by the host while a bot is paused (never reachable by a
-- script): `describe` shows a value as Lua-like text, `evaluate` runs an expression the
-- person at the debugger typed against copies of the paused frame's variables. Everything
-- here reads with raw access and copies data, so no metamethod of the script runs and the
-- expression cannot change the bot: what it sees are copies, functions only by name.
local type, next, tostring, rawget, rawlen, select = type, next, tostring, rawget, rawlen, select
local format, concat, sort, setmetatable, load, error = string.format, table.concat, table.sort, setmetatable, load, error
local math_type = math.type

-- How much of a value is shown or copied: levels of nesting, and entries in all.
local max_depth, max_entries = 4, 200

local function is_identifier(key)
  return type(key) == "string" and key:find("^[%a_][%w_]*$") ~= nil
end

local function scalar(value)
  local kind = type(value)
  if kind == "string" then return (format("%q", value):gsub("\\\n", "\\n")) end
  if kind == "number" then
    if math_type(value) == "integer" then return format("%d", value) end
    return format("%.14g", value)
  end
  if kind == "nil" or kind == "boolean" then return tostring(value) end
  return nil
end

-- Keys in a stable order: numbers first, then strings, each sorted.
local function sorted_keys(t)
  local keys = {}
  for key in next, t do keys[#keys + 1] = key end
  sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta == "number" end
    if ta == "number" or ta == "string" then return a < b end
    return false
  end)
  return keys
end

local function describe(value, depth, left)
  local text = scalar(value)
  if text then return text end
  if type(value) ~= "table" then return "<" .. type(value) .. ">" end
  if depth >= max_depth then return "{…}" end
  local parts, count = {}, rawlen(value)
  for i = 1, count do
    if left[1] <= 0 then parts[#parts + 1] = "…"; break end
    left[1] = left[1] - 1
    parts[#parts + 1] = describe(rawget(value, i), depth + 1, left)
  end
  for _, key in next, sorted_keys(value) do
    if not (math_type(key) == "integer" and key >= 1 and key <= count) then
      if left[1] <= 0 then parts[#parts + 1] = "…"; break end
      left[1] = left[1] - 1
      local name = is_identifier(key) and key or "[" .. (scalar(key) or "<" .. type(key) .. ">") .. "]"
      parts[#parts + 1] = name .. " = " .. describe(rawget(value, key), depth + 1, left)
    end
  end
  if #parts == 0 then return "{}" end
  return "{ " .. concat(parts, ", ") .. " }"
end

-- A copy made of data: tables copied (cycles kept, nesting and size capped), functions,
-- threads and userdata named by type, metatables dropped.
local function copy(value, seen, left)
  if type(value) == "function" or type(value) == "thread" or type(value) == "userdata" then
    return "<" .. type(value) .. ">"
  end
  if type(value) ~= "table" then return value end
  if seen[value] then return seen[value] end
  local result = {}
  seen[value] = result
  for key, element in next, value do
    if left[1] <= 0 then break end
    left[1] = left[1] - 1
    result[copy(key, seen, left)] = copy(element, seen, left)
  end
  return result
end

-- What an expression may call besides the variables: pure functions of the libraries.
local library = {}
for _, name in next, { "string", "math", "table", "utf8" } do
  local lib = {}
  for key, value in next, _ENV[name] do lib[key] = value end
  library[name] = lib
end
for _, name in next, { "tostring", "tonumber", "type", "pairs", "ipairs", "next", "select", "rawget", "rawlen",
  "rawequal" } do
  library[name] = _ENV[name]
end
local library_meta = { __index = library }

-- The entries of a table in the order `describe` shows them: the array part, then the other
-- keys sorted; each a display name and the value.
local function entries(t)
  local list, count = {}, rawlen(t)
  for i = 1, count do list[#list + 1] = { "[" .. i .. "]", rawget(t, i) } end
  for _, key in next, sorted_keys(t) do
    if not (math_type(key) == "integer" and key >= 1 and key <= count) then
      local name = is_identifier(key) and key or "[" .. (scalar(key) or "<" .. type(key) .. ">") .. "]"
      list[#list + 1] = { name, rawget(t, key) }
    end
  end
  return list
end

local debugger = {}

function debugger.describe(value)
  return describe(value, 0, { max_entries })
end

function debugger.describe_field(scope, name)
  return describe(rawget(scope, name), 0, { max_entries })
end

-- children(scope, name, path): the entries of the table reached from the variable `name`
-- by `path` (positions in `entries` order, "2.1"), one "name<TAB>value" line each (at most
-- `max_entries`); empty when it is not a table. A debug adapter expands nested tables so.
function debugger.children(scope, name, path)
  local value = rawget(scope, name)
  for position in path:gmatch("%d+") do
    if type(value) ~= "table" then return "" end
    local entry = entries(value)[tonumber(position)]
    if not entry then return "" end
    value = entry[2]
  end
  if type(value) ~= "table" then return "" end
  local list, lines = entries(value), {}
  for i = 1, math.min(#list, max_entries) do
    lines[i] = list[i][1] .. "\t" .. describe(list[i][2], 0, { max_entries })
  end
  return concat(lines, "\n")
end

-- evaluate(source, scope): the values of the expression `source`, described and joined
-- with ", ", with the names in `scope` (the frame's variables) copied into its environment.
function debugger.evaluate(source, scope)
  local seen, left = {}, { 10 * max_entries }
  local env = setmetatable({}, library_meta)
  for name, value in next, scope do env[name] = copy(value, seen, left) end
  local chunk, problem = load("return " .. source, "=print", "t", env)
  if not chunk then
    if load(source, "=print", "t", env) then
      error("print takes an expression (the bot is not changed from the debugger)", 0)
    end
    error(problem, 0)
  end
  local results = { n = 0 }
  local function keep(...)
    results.n = select("#", ...)
    for i = 1, results.n do results[i] = select(i, ...) end
  end
  keep(chunk())
  if results.n == 0 then return "(no value)" end
  local parts = {}
  for i = 1, results.n do parts[i] = describe(results[i], 0, { max_entries }) end
  return concat(parts, ", ")
end

return debugger
