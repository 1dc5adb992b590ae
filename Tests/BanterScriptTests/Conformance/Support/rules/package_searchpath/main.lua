-- package.searchpath, package.searchers and require's errors, as Lua's loadlib.c.
package.path, package.cpath = "./?.lua;./?/init.lua", "" -- the sandbox's own (stock Lua: set here)
print(package.searchpath("lib.plain", package.path))
print(package.searchpath("lib", package.path))
print(package.searchpath("missing", package.path))
print(package.searchpath("lib.plain", "./?.lua", ".", "_"))
print(package.searchpath("lib_plain", "./?.lua", "_", "/"))
print(package.searchpath("a.b", ""))
print(package.searchpath("a.b", ";;"))
print(package.searchpath("x", "./?.lua;/etc/?;../?.lua"))
print(pcall(package.searchpath))
print(pcall(package.searchpath, "x"))
print(pcall(package.searchpath, {}, "p"))
print(pcall(package.searchpath, "x", "p", {}))
print(#package.searchers, type(package.searchers[1]))

-- require's messages
print(pcall(require, "nosuch"))
print(pcall(require, "no.such"))
print(pcall(require))
print(pcall(require, {}))
print(pcall(require, "lib.broken"))
print(pcall(require, "lib.fails"))
print(pcall(require, 5))
print(pcall(require, 5.0))
print(package.searchpath(2^63, "./?.lua"))

-- chunk names are the file names Lua opened: "./lib/deep/where.lua:3:"
local where = require("lib.deep.where")
print(where.place())
print(pcall(where.fail))

-- package.path is read at each require
package.path = "./other/?.lua"
print(require("elsewhere"))
print(pcall(require, "lib.plain"))
package.path = "./?.lua;./?/init.lua"

-- a searcher of the script's own, and a preload loader
table.insert(package.searchers, 2, function(name)
  if name == "virtual" then return function(...) return { args = { ... } } end, "from a searcher" end
  return "\n\tno virtual module '" .. name .. "'"
end)
local virtual, data = require("virtual")
print(virtual.args[1], virtual.args[2], data)
print(pcall(require, "absent"))
package.preload.pre = function(...) return select("#", ...), ... end
print(require("pre"))
package.loaded.pre = false -- not loaded: require runs the loader again
print(require("pre"))
