-- xpcall's message handler runs where the error was raised, before the stack unwinds.
local function traceback_head(message)
  -- the traceback down to xpcall (below it, how the main chunk was called differs)
  local lines = {}
  for line in string.gmatch(debug.traceback(message, 2), "[^\n]+") do
    lines[#lines + 1] = line
    if string.find(line, "xpcall", 1, true) then break end
  end
  return table.concat(lines, " | ")
end
local function failing(x)
  local y <const> = x * 2
  error("failed with " .. y)
end
print(xpcall(failing, traceback_head, 21))

-- the erroring function is still on the stack, its locals readable
local function handler(message)
  local info = debug.getinfo(2, "Sn")
  local caller = debug.getinfo(3, "Sln")
  return message .. " | " .. info.what .. " " .. tostring(info.name) .. " | " .. caller.currentline .. " " .. tostring(caller.name)
end
local function indexes(t) return t.field.inner end
print(xpcall(indexes, handler, {}))
print(xpcall(failing, handler, 1))

-- a handler's own error: Lua calls the handler again, and so on
local calls = 0
print(xpcall(error, function(m) calls = calls + 1 if calls < 3 then error("again " .. calls) end return m end, "first"))
print(calls)

-- a runaway handler ends in "error in error handling"
local count = 0
local function loop() count = count + 1 return 1 + loop() end
local ok, message = xpcall(loop, loop)
print(ok, message, count > 100)

-- results, arguments, non-string errors, and xpcall inside a coroutine that yields
print(xpcall(function(...) return select("#", ...), ... end, print, 1, nil, 3))
print(xpcall(error, function(m) return type(m) end, {}))
local co = coroutine.wrap(function()
  return xpcall(function() coroutine.yield("paused") error("after the yield") end, function(m) return "handled: " .. m end)
end)
print(co())
print(co())
print(pcall(xpcall, print))
print(pcall(xpcall, print, 5))
