import CLua

extension LuaState {
    /// How many table entries one conversion may read, so a huge argument cannot stall the host.
    static let maxConvertedEntries = 100_000
    /// How deeply nested a table argument may be.
    static let maxConvertedDepth = 32

    /// Reads the value at `index` of `thread` as data, using raw access only (no metamethods
    /// run, so nothing can raise or execute script code here).
    func value(at index: Int32, in thread: OpaquePointer, depth: Int, budget: inout Int) throws(LuaCallError)
        -> LuaValue
    {
        switch lua_type(thread, index) {
        case LUA_TNIL, LUA_TNONE:
            return .nil
        case LUA_TBOOLEAN:
            return .boolean(lua_toboolean(thread, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(thread, index) != 0 { return .integer(lua_tointegerx(thread, index, nil)) }
            return .number(lua_tonumberx(thread, index, nil))
        case LUA_TSTRING:
            return .string(string(at: index, in: thread))
        case LUA_TTABLE:
            return .table(try table(at: index, in: thread, depth: depth, budget: &budget))
        default:
            return .other(typeName: String(cString: lua_typename(thread, lua_type(thread, index))))
        }
    }

    private func table(at index: Int32, in thread: OpaquePointer, depth: Int, budget: inout Int) throws(LuaCallError)
        -> LuaTable
    {
        guard depth < LuaState.maxConvertedDepth else { throw LuaCallError("table nested too deeply") }
        guard lua_checkstack(thread, 4) != 0 else { throw LuaCallError("table nested too deeply") }
        let table = lua_absindex(thread, index)
        let top = lua_gettop(thread)
        var numbered: [Int64: LuaValue] = [:]
        var fields: [String: LuaValue] = [:]
        lua_pushnil(thread)
        while lua_next(thread, table) != 0 {
            budget -= 1
            if budget < 0 {
                lua_settop(thread, top)
                throw LuaCallError("table too large")
            }
            let element: LuaValue
            do throws(LuaCallError) {
                element = try value(at: -1, in: thread, depth: depth + 1, budget: &budget)
            } catch {
                lua_settop(thread, top)
                throw error
            }
            switch lua_type(thread, -2) {
            case LUA_TSTRING: fields[string(at: -2, in: thread)] = element
            case LUA_TNUMBER where lua_isinteger(thread, -2) != 0: numbered[lua_tointegerx(thread, -2, nil)] = element
            default: break
            }
            banter_lua_pop(thread, 1)
        }
        var array: [LuaValue] = []
        var key: Int64 = 1
        while let element = numbered[key] {
            array.append(element)
            key += 1
        }
        return LuaTable(array: array, fields: fields)
    }

    /// The string at `index` (which must be a string; numbers are not converted in place).
    package func string(at index: Int32, in thread: OpaquePointer) -> String {
        var length = 0
        guard lua_type(thread, index) == LUA_TSTRING, let bytes = lua_tolstring(thread, index, &length) else {
            return ""
        }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    package func pushString(_ text: String, on thread: OpaquePointer) {
        // Native strings lend their bytes without a copy; others are made contiguous first.
        let pushed: Void? = text.utf8.withContiguousStorageIfAvailable { buffer in
            pushBytes(buffer, on: thread)
        }
        guard pushed == nil else { return }
        var text = text
        text.withUTF8 { buffer in pushBytes(buffer, on: thread) }
    }

    private func pushBytes(_ buffer: UnsafeBufferPointer<UInt8>, on thread: OpaquePointer) {
        _ = lua_pushlstring(
            thread, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buffer.count)
    }

    /// Pushes `value` as a fresh Lua value (tables are built anew).
    package func push(_ value: LuaValue, on thread: OpaquePointer) {
        switch value {
        case .nil, .other:
            lua_pushnil(thread)
        case .boolean(let flag):
            lua_pushboolean(thread, flag ? 1 : 0)
        case .integer(let number):
            lua_pushinteger(thread, lua_Integer(number))
        case .number(let number):
            lua_pushnumber(thread, number)
        case .string(let text):
            pushString(text, on: thread)
        case .table(let table):
            guard lua_checkstack(thread, 3) != 0 else {
                lua_pushnil(thread)
                return
            }
            lua_createtable(thread, Int32(clamping: table.array.count), Int32(clamping: table.fields.count))
            for (offset, element) in table.array.enumerated() {
                push(element, on: thread)
                lua_rawseti(thread, -2, lua_Integer(offset + 1))
            }
            for (key, element) in table.fields {
                pushString(key, on: thread)
                push(element, on: thread)
                lua_rawset(thread, -3)
            }
        }
    }
}
