-- luacheck standards for Banter's own Lua (the .lua files Plugins/EmbedLua compiles into
-- the binary): trusted code that runs with Lua 5.4's whole standard library, before and
-- beside the scripts it sandboxes. scripts/test runs `luacheck .` here.
std = "lua54"
max_line_length = 140
-- The chat object's methods take `self` whether or not they use it (chat:typing()).
self = false
-- The prelude patches the string library in place: the string metatable's __index is
-- that very table, so a copy would not reach "text":method() calls.
files["BanterLua/Prelude/prelude.lua"] = { globals = { "string" } }
