-- rxi/json.lua as its README shows it; LibraryTests compares this output with lua5.4's.
local json = require "json"
print(json.encode({ 1, 2, 3, { x = 10 } }))
print(json.encode("a\0b\n\"q\""))
print(json.encode({}), json.encode(3.25), json.encode(-0.5), json.encode(true))
local t = json.decode('{"a":[1,2,{"b":null}],"c":"\\u00e9\\n"}')
print(t.a[1], t.a[2], type(t.a[3]), t.a[3].b, t.c)
print(pcall(json.decode, '{"a":}'))
print(pcall(json.encode, { 1, 2, x = 3 }))
print(pcall(json.encode, math.huge))
