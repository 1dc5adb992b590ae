import CLua

extension LuaState {
    /// Appends a byte image of `table[key]` (raw access) to `image`: its type and value and,
    /// for a table, every entry in traversal order, nested. Equal images stand for equal
    /// values as `get` reads them, so a caller can tell a value has not changed without
    /// converting it (a bot's memory after each handler: imaging it costs a tenth of
    /// converting it). False when the value holds something an image does not stand for (a
    /// function, userdata, a thread), nests deeper or holds more entries than `get` reads;
    /// `image` is then incomplete.
    package func image(of table: LuaRef, _ key: String, into image: inout [UInt8]) -> Bool {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(table.id))
        guard lua_type(L, -1) == LUA_TTABLE else { return false }
        pushString(key, on: L)
        lua_rawget(L, -2)
        var budget = LuaState.maxConvertedEntries
        return appendImage(at: lua_gettop(L), depth: 0, budget: &budget, to: &image)
    }

    /// One value's image (see `image(of:_:into:)`); the stack is as it was on return.
    private func appendImage(at index: Int32, depth: Int, budget: inout Int, to image: inout [UInt8]) -> Bool {
        switch lua_type(L, index) {
        case LUA_TNIL:
            image.append(0)
        case LUA_TBOOLEAN:
            image.append(lua_toboolean(L, index) != 0 ? 2 : 1)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 {
                image.append(3)
                Self.append(UInt64(bitPattern: Int64(lua_tointegerx(L, index, nil))), to: &image)
            } else {
                image.append(4)
                Self.append(lua_tonumberx(L, index, nil).bitPattern, to: &image)
            }
        case LUA_TSTRING:
            var length = 0
            guard let bytes = lua_tolstring(L, index, &length) else { return false }
            image.append(5)
            Self.append(UInt64(length), to: &image)
            image.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: length))
        case LUA_TTABLE:
            guard depth < LuaState.maxConvertedDepth, lua_checkstack(L, 4) != 0 else { return false }
            image.append(6)
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                budget -= 1
                let top = lua_gettop(L)
                guard budget >= 0,
                    appendImage(at: top - 1, depth: depth + 1, budget: &budget, to: &image),
                    appendImage(at: top, depth: depth + 1, budget: &budget, to: &image)
                else {
                    banter_lua_pop(L, 2)
                    return false
                }
                banter_lua_pop(L, 1)
            }
            image.append(7)
        default:
            return false
        }
        return true
    }

    private static func append(_ word: UInt64, to image: inout [UInt8]) {
        withUnsafeBytes(of: word.littleEndian) { image.append(contentsOf: $0) }
    }
}
