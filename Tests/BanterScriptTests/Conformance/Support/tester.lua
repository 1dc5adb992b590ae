-- lume's test/util/tester.lua, as an API: the same tester.test.equal / error / global,
-- dotests and printresults, without io and debug (the original reads each check's source
-- line for its report). Each test function runs under pcall, so one that raises counts as
-- failed and the others still run; checks are counted too.
local tester = { test = {}, globals = {}, passcount = 0, failcount = 0, functions = 0, functionsfailed = 0 }
local failedhere

local function isequal(a, b)
  if type(a) ~= type(b) then return nil end
  local t = {}
  function t.table(a, b)
    for k, v in pairs(a) do if not isequal(b[k], v) then return nil end end
    for k, v in pairs(b) do if not isequal(a[k], v) then return nil end end
    return true
  end
  function t.number(a, b) return math.abs(a - b) < 10e-9 end
  return t[type(a)] and t[type(a)](a, b) or (a == b)
end

local function stringify(x)
  if type(x) == "number" then return string.format("%.2f", x) end
  return string.format("%q", tostring(x))
end

local function record(passed, message)
  if passed then
    tester.passcount = tester.passcount + 1
  else
    tester.failcount = tester.failcount + 1
    failedhere = true
    print("  [FAIL] check " .. (tester.passcount + tester.failcount) .. ": " .. message)
  end
end

function tester.init()
  for k, v in pairs(_G) do tester.globals[k] = v end
  return tester
end

function tester.test.global(expectedglobals)
  expectedglobals = expectedglobals or {}
  local unexpected = {}
  for k in pairs(_G) do
    local expected = false
    for _, name in pairs(expectedglobals) do if name == k then expected = true end end
    if not tester.globals[k] and not expected then unexpected[#unexpected + 1] = tostring(k) end
  end
  record(#unexpected == 0, "unexpected globals: " .. table.concat(unexpected, ", "))
end

function tester.test.equal(result, expected)
  local message = (type(expected) == "table" and type(result) == "table") and "tables do not match"
    or string.format("expected %s got %s", stringify(expected), stringify(result))
  record(isequal(result, expected), message)
end

function tester.test.error(fn, ...)
  record(not pcall(fn, ...), "expected an error to be raised")
end

function tester.dotests(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    failedhere = false
    local ok, problem = pcall(t[k])
    if not ok then print("  [ERROR] " .. k .. ": " .. tostring(problem)) end
    tester.functions = tester.functions + 1
    if failedhere or not ok then
      tester.functionsfailed = tester.functionsfailed + 1
      print("-- " .. k .. ": FAIL")
    end
  end
end

function tester.printresults()
  print(string.format("%d of %d test functions passed (%d of %d checks)",
    tester.functions - tester.functionsfailed, tester.functions,
    tester.passcount, tester.passcount + tester.failcount))
end

return tester.init()
