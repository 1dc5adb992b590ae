-- loadfile and dofile inside the script's folder.
local chunk = assert(loadfile("data/values.lua"))
print(type(chunk), chunk(3))
print(dofile("data/values.lua"))
print(dofile("./data/values.lua"))
local env = { tostring = tostring }
print(loadfile("data/env.lua", "t", env)(), env.written)
print(loadfile("data/env.lua", "b"))
print(loadfile("data/missing.lua"))
print(pcall(dofile, "data/missing.lua"))
print(pcall(dofile, "data/fails.lua"))
local ok, problem = pcall(dofile, "data/syntax.lua")
print(ok, problem)
