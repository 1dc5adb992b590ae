-- require by Lua's templates: ./?.lua, then ./?/init.lua; two results the first time.
local function show(value, ...) print(select("#", ...) + 1, type(value), ...) end
show(require("lib.plain"))
show(require("lib.plain"))
show(require("pkg"))
show(require("pkg.sub"))
print(require("pkg").sub == require("pkg.sub"))
print(package.loaded["lib.plain"].args)
print(pcall(require, "missing_module") == false)
