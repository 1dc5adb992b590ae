local name, file = ...
print("loading", name, file)
local pkg = { sub = require(name .. ".sub") }
return pkg
