local host = ...
local error, type, tostring, pcall, pairs = error, type, tostring, pcall, pairs
local check_pattern = host.check_pattern
local find, match = string.find, string.match

local predicates, count = {}, 0
local api = {}

local function checked_pattern(name, expected)
  if type(expected) == "table" and type(expected.pattern) == "string" then
    local ok, problem = pcall(check_pattern, expected.pattern)
    if not ok then
      error(name .. ": bad pattern \"" .. expected.pattern .. "\": " .. tostring(problem), 3)
    end
  end
end

local function wrap(name, step, predicate_step)
  return function(expected, options)
    if predicate_step and type(expected) == "function" then
      count = count + 1
      local key = tostring(count)
      predicates[key] = expected
      return predicate_step(key, options)
    end
    checked_pattern(name, expected)
    return step(expected, options)
  end
end

-- as "Bob" "hi": the first call keeps the name and returns the call that takes the text.
local function curry(step)
  return function(first, second, ...)
    if second ~= nil then return step(first, second, ...) end
    return function(text) return step(first, text) end
  end
end

for key, step in pairs(host) do
  local name = match(key, "^step:(.+)$")
  if name then
    api[name] = host["curried:" .. name] and curry(step) or wrap(name, step, host["predicate:" .. name])
  end
end

-- branch "says no" { me "no thanks" }: Lua calls branch "says no" first, then builds the
-- table (each step in it adds to the open branch), then hands the table to what branch
-- returned, which ends the branch. branch "NAME" (function() … end) works the same way.
local open_branch, close_branch = host["branch:open"], host["branch:close"]
function api.branch(name)
  local id = open_branch(name)
  return function(steps)
    if type(steps) == "function" then
      steps()
      steps = {}
    end
    return close_branch(id, steps)
  end
end

local function matches(text, pattern)
  return find(text, pattern) ~= nil
end

local function accepts(key, text)
  local result = predicates[key](text)
  return result ~= nil and result ~= false
end

return { api = api, matches = matches, accepts = accepts }
