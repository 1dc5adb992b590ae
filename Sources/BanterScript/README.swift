// BanterScript: the embedded, sandboxed Lua 5.4 runtime for bots and scenarios.
