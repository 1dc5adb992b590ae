import BanterCore
import BanterLua
import CLua
import Foundation
import LuaSandbox

/// What coverage recorded of the running bot's script and modules, and the handlers it
/// declared, for `banter test --coverage` (recording is on when the host's
/// `recordsCoverage` is).
extension BotRuntime {
    /// The functions of the bot's files that ran, with their line counts. Chunk names are
    /// relative to the bot's folder (`scriptFolder`).
    package var coveredFunctions: [CoveredFunction] {
        bot.state.coveredFunctions()
    }

    /// Every handler the script declared, in declaration order by kind.
    package var declaredHandlers: [DeclaredHandler] {
        bot.declaredHandlers()
    }

    /// The folder the bot's chunk names are relative to.
    package var scriptFolder: String {
        bot.state.moduleDirectory ?? "."
    }

    /// The lines of the script at `path` that hold code (every function included), as
    /// coverage reports count them. The script is compiled, never run.
    package static func executableLines(ofScript path: String, limits: ScriptLimits = .default) throws(ScriptError)
        -> Set<Int>
    {
        let state = try LuaState(limits: limits, now: { Timestamp(millisecondsSince1970: 0) })
        let name = (path as NSString).lastPathComponent
        let source = try LuaState.read(path, as: name, limit: limits.maxChunkBytes)
        return try state.executableLines(ofSource: source, chunkName: name)
    }
}

extension LoadedBot {
    /// Reads the support code's handler list: kind, function and (for `on`) pattern each.
    func declaredHandlers() -> [DeclaredHandler] {
        guard let list = try? state.evaluate(handlerList) else { return [] }
        defer { state.release(list) }
        let L = state.L
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(list.id))
        defer { banter_lua_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else { return [] }
        var handlers: [DeclaredHandler] = []
        for index in stride(from: 1, through: lua_Integer(lua_rawlen(L, -1)), by: 1) {
            lua_rawgeti(L, -1, index)
            lua_rawgeti(L, -1, 1)
            let kind = state.string(at: -1, in: L)
            lua_rawgeti(L, -2, 3)
            let pattern = lua_type(L, -1) == LUA_TSTRING ? state.string(at: -1, in: L) : nil
            banter_lua_pop(L, 2)
            lua_rawgeti(L, -1, 2)
            var record = lua_Debug()
            let isFunction = lua_type(L, -1) == LUA_TFUNCTION
            if isFunction { lua_getinfo(L, ">S", &record) } else { banter_lua_pop(L, 1) }
            banter_lua_pop(L, 1)
            let source = isFunction ? record.source.map { String(cString: $0) } ?? "" : ""
            handlers.append(
                DeclaredHandler(
                    label: pattern.map { "\(kind)(\(ScenarioText.quoted($0)))" } ?? kind,
                    chunk: source.hasPrefix("@") ? String(source.dropFirst()) : nil,
                    firstLine: Int(record.linedefined), lastLine: Int(record.lastlinedefined)))
        }
        return handlers
    }
}
