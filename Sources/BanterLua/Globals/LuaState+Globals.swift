import CLua

/// What a state offers scripts, read back from the state itself: the names the catalogue
/// test compares with `LuaAPI`, and the sandbox's globals and library fields that
/// `banter types` and `banter check` treat as defined.
extension LuaState {
    /// The string keys of `table` (raw), sorted.
    package func keys(of table: LuaRef) -> [String] {
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(table.id))
        let keys = stringKeys(ofTableAt: -1)
        banter_lua_pop(L, 1)
        return keys
    }

    /// Every built-in global (the sandbox's and the host's), with the fields of the ones
    /// that are tables: a library's proxy lists its library's fields; `_G` (the script's
    /// own environment) lists none.
    package func builtinGlobals() -> [String: [String]] {
        var globals: [String: [String]] = [:]
        pushBuiltins()
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            if lua_type(L, -2) == LUA_TSTRING {
                let name = string(at: -2, in: L)
                globals[name] = name == "_G" ? [] : fieldsOfValue(at: -1)
            }
            banter_lua_pop(L, 1)
        }
        banter_lua_pop(L, 1)
        return globals
    }

    /// The fields of a table value (through a read-only proxy's `__index`), or none.
    private func fieldsOfValue(at index: Int32) -> [String] {
        guard lua_type(L, index) == LUA_TTABLE else { return [] }
        var fields = stringKeys(ofTableAt: index)
        if lua_getmetatable(L, index) != 0 {
            if lua_getfield(L, -1, "__index") == LUA_TTABLE { fields += stringKeys(ofTableAt: -1) }
            banter_lua_pop(L, 2)
        }
        return Array(Set(fields)).sorted()
    }

    private func stringKeys(ofTableAt index: Int32) -> [String] {
        let table = lua_absindex(L, index)
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TSTRING { keys.append(string(at: -2, in: L)) }
            banter_lua_pop(L, 1)
        }
        return keys.sorted()
    }
}
