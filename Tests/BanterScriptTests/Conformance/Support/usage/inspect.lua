-- kikito/inspect.lua as its README shows it; LibraryTests compares this output with lua5.4's.
local inspect = require "inspect"
print(inspect({ 1, 2, 3 }))
print(inspect({ a = 1, b = { c = "x" } }))
print(inspect({ a = { b = { c = 1 } } }, { depth = 2 }))
print(inspect(setmetatable({ k = 1 }, { __index = { y = 2 } })))
print(inspect("hello\n\0"))
local t = { 1 }
t.self = t
print(inspect(t))
print(inspect({ f = print, [2.5] = true }))
print(inspect({ a = 1, b = 2 }, { process = function(item, path) if path[#path] ~= "b" then return item end end }))
