-- A small stand-in for busted (https://lunarmodules.github.io/busted/), enough to run the
-- specs of inspect.lua and middleclass inside Banter's sandbox: busted itself needs io, os
-- and debug. Specs get describe, it, before_each, finally and busted's assert table in an
-- environment of their own; spec helpers that `require "busted"` get the same functions.
local busted = {}

-- As busted does, a describe block runs its body when it is reached, and an `it` runs
-- right where it is declared, after the before_each hooks of its enclosing blocks
-- (outermost first); then its finally cleanups run.
local blocks, totals, cleanups = {}, nil, nil

local function path(name)
  local names = {}
  for i = 1, #blocks do names[#names + 1] = blocks[i].name end
  names[#names + 1] = name
  return table.concat(names, " ")
end

local function failed(name, problem)
  totals.failed = totals.failed + 1
  print("[fail] " .. path(name) .. ": " .. tostring(problem))
end

function busted.describe(name, body)
  blocks[#blocks + 1] = { name = name, before = {} }
  local ok, problem = pcall(body)
  blocks[#blocks] = nil
  if not ok then failed(name, problem) end
end

function busted.it(name, body)
  cleanups = {}
  local ok, problem = pcall(function()
    for i = 1, #blocks do
      for _, hook in ipairs(blocks[i].before) do hook() end
    end
    body()
  end)
  for i = 1, #cleanups do pcall(cleanups[i]) end
  if ok then totals.passed = totals.passed + 1 else failed(name, problem) end
end

function busted.before_each(hook)
  local block = blocks[#blocks]
  block.before[#block.before + 1] = hook
end

function busted.finally(cleanup)
  cleanups[#cleanups + 1] = cleanup
end

-- busted's "same": equal values, or tables with the same keys holding the same values.
local function same(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for key, value in pairs(a) do
    if not same(value, b[key]) then return false end
  end
  for key in pairs(b) do
    if a[key] == nil then return false end
  end
  return true
end

local function show(value)
  return type(value) == "string" and string.format("%q", value) or tostring(value)
end

local function check(ok, message, ...)
  if not ok then error(string.format(message, ...), 3) end
end

local assert = {}
function assert.equal(expected, actual)
  check(expected == actual, "expected %s, got %s", show(expected), show(actual))
end
assert.equals = assert.equal
function assert.same(expected, actual)
  check(same(expected, actual), "expected the same as %s, got %s", show(expected), show(actual))
end
function assert.is_true(value) check(value == true, "expected true, got %s", show(value)) end
function assert.is_false(value) check(value == false, "expected false, got %s", show(value)) end
function assert.is_nil(value) check(value == nil, "expected nil, got %s", show(value)) end
function assert.is_falsy(value) check(not value, "expected a falsy value, got %s", show(value)) end
function assert.not_table(value) check(type(value) ~= "table", "expected no table, got %s", show(value)) end
function assert.error(body, ...)
  check(not pcall(body, ...), "expected an error")
end
assert.are = { equal = assert.equal, equals = assert.equal, same = assert.same }
setmetatable(assert, {
  __call = function(_, value, message, ...)
    if not value then error(message or "assertion failed!", 2) end
    return value, message, ...
  end,
})
busted.assert = assert

-- The environment busted gives a spec file: the sandbox's globals, the spec functions and
-- busted's assert.
local function environment()
  return setmetatable({
    describe = busted.describe, it = busted.it, before_each = busted.before_each, finally = busted.finally,
    assert = assert,
  }, { __index = _G })
end

-- Runs spec files ({ name, source } each) and returns the tests passed and failed.
function busted.run(specs)
  totals = { passed = 0, failed = 0 }
  for _, spec in ipairs(specs) do
    blocks = { { name = spec.name, before = {} } }
    local chunk, problem = load(spec.source, "@" .. spec.name, "t", environment())
    local ok = chunk ~= nil
    if ok then ok, problem = pcall(chunk) end
    if not ok then failed("(loading)", problem) end
  end
  print(string.format("%d passed, %d failed", totals.passed, totals.failed))
  return totals.passed, totals.failed
end

return busted
