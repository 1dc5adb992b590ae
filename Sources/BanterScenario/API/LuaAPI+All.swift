import BanterScript

extension LuaAPI {
    /// Both APIs, bot first: what `banter types` writes annotations and luacheck
    /// standards for.
    package static let all: [LuaAPI] = [BotAPI.catalogue, ScenarioAPI.catalogue]
}
