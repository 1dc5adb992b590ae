-- _G's metatable is the script's own, as in Lua: strict.lua's idiom (set the metatable,
-- then its fields), __index as a table, __metatable, and setmetatable(_G, nil).
print(getmetatable(_G))
local mt = getmetatable(_G)
if mt == nil then
  mt = {}
  print(rawequal(setmetatable(_G, mt), _G))
end
print(rawequal(getmetatable(_G), mt), rawequal(debug.getmetatable(_G), mt))

-- strict.lua (metalua's, as Stepets/utf8.lua ships it)
__STRICT = true
mt.__declared = {}
mt.__newindex = function(t, n, v)
  if __STRICT and not mt.__declared[n] then
    local w = debug.getinfo(2, "S").what
    if w ~= "main" and w ~= "C" then
      error("assign to undeclared variable '" .. n .. "'", 2)
    end
    mt.__declared[n] = true
  end
  rawset(t, n, v)
end
mt.__index = function(t, n)
  if not mt.__declared[n] and debug.getinfo(2, "S").what ~= "C" then
    error("variable '" .. n .. "' is not declared", 2)
  end
  return rawget(t, n)
end

declared = 1 -- the main chunk may declare
print(declared, rawget(mt.__declared, "declared"))
local function set_undeclared() undeclared_in_function = 2 end
print(pcall(set_undeclared))
local function read_undeclared() return not_there end
print(pcall(read_undeclared))
print(pcall(function() return declared end))
print(select("#", pcall(rawget, _G, "nothing")))
-- a tail-called handler sees the script's frame below it
local function level_two() local info = debug.getinfo(2, "Sl") return info.short_src .. ":" .. info.currentline end
mt.__index = function(t, n) return level_two() end
print(some_global)

-- __index as a table, __newindex as a table
local defaults, sink = { colour = "blue" }, {}
mt.__index, mt.__newindex = defaults, sink
print(colour, shape)
shape = "round"
print(rawget(_G, "shape"), sink.shape)

-- other fields given with the metatable act as in Lua
setmetatable(_G, { __index = function(_, n) return "<" .. n .. ">" end, __len = function() return 42 end })
print(anything, #_G)

-- a protected metatable stays protected
setmetatable(_G, { __metatable = "locked" })
print(getmetatable(_G))
print(pcall(setmetatable, _G, {}))
print(type(debug.getmetatable(_G)))
