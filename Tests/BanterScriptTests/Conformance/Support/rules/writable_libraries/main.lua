-- The library tables are the script's own: it may add to them and replace functions.
function string.split(text, separator)
  local parts = {}
  for part in string.gmatch(text, "([^" .. separator .. "]+)") do parts[#parts + 1] = part end
  return parts
end
print(table.concat(("a,b,c"):split(","), "|"))
function table.maxn(t)
  local max = 0
  for key in pairs(t) do if type(key) == "number" and key > max then max = key end end
  return max
end
print(table.maxn({ 1, 2, [10] = 3 }))
print(next(string) ~= nil, next(table) ~= nil, next(math) ~= nil)
local count = 0
for _ in pairs(utf8) do count = count + 1 end
print(count)
local format = string.format
string.format = function(...) return "formatted: " .. format(...) end
print(string.format("%d", 42), ("%d"):format(7))
string.format = format
rawset(math, "answer", 42)
print(math.answer, rawget(math, "answer"))
os.custom = function() return "custom" end
print(os.custom())
coroutine.extra = true
print(coroutine.extra, require("coroutine").extra, package.loaded.string == string)
string.rep = nil
print(string.rep, ("x").rep)
