import BanterCore
import CLua

extension LuaState {
    /// Pushes `message` as the table handlers receive: `{ text, id, at, from }`. Built with
    /// constant keys straight on the Lua side (Lua caches the key strings), since it happens
    /// for every message the user sends.
    func pushMessage(_ message: Message, on thread: OpaquePointer) {
        lua_createtable(thread, 0, 4)
        pushString(message.text, on: thread)
        lua_setfield(thread, -2, "text")
        lua_pushinteger(thread, lua_Integer(message.id))
        lua_setfield(thread, -2, "id")
        lua_pushnumber(thread, Double(message.sentAt.millisecondsSince1970) / 1000)
        lua_setfield(thread, -2, "at")
        pushString(message.sender.rawValue, on: thread)
        lua_setfield(thread, -2, "from")
    }
}
