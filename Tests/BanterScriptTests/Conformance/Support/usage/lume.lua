-- rxi/lume as its README shows it; LibraryTests compares this output with lua5.4's.
local lume = require "lume"
print(lume.clamp(12, 5, 10), lume.round(2.5), lume.round(123, 10), lume.sign(-3))
print(table.concat(lume.map({ 1, 2, 3 }, function(x) return x * 2 end), ","))
print(table.concat(lume.filter({ 1, 2, 3, 4 }, function(x) return x % 2 == 0 end), ","))
print(lume.reduce({ 1, 2, 3 }, function(a, b) return a + b end), lume.count({ 1, 2, 3 }))
print(lume.serialize({ 1, "two", true }), lume.deserialize("{1,2,3}")[3])
print(lume.format("{b} hi {a}", { a = "mark", b = "Oh" }))
print("[" .. lume.trim("  x  ") .. "]", table.concat(lume.split("a,b,c", ","), " "))
local square = lume.memoize(function(x) return x * x end)
print(square(4), square(4))
print(table.concat(lume.array(("abc"):gmatch(".")), "-"))
print(table.concat(lume.concat({ 1, 2 }, { 3 }), ","), lume.find({ "a", "b" }, "b"))
local fn = lume.lambda "x,y -> x*y"
print(fn(6, 7), lume.fn(math.max, 3)(9))
print(lume.wordwrap("Hello world, this is lume", 10)[1])
