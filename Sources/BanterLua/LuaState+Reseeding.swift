import CLua
import LuaSandbox

extension LuaState {
    /// Seeds the state's `math.random` with `seed`, as `math.randomseed(seed)` does: a
    /// conversation's new branch starts the bot's random source from a seed of its own, so
    /// that a scenario replaying the branch draws what the chat drew there. Through the
    /// script's own `math.randomseed` (raw lookups; an error in a replaced one is ignored).
    package func reseedRandom(_ seed: UInt64) {
        let globals = LuaRef(id: Int32(LUA_RIDX_GLOBALS))
        guard let math = field(globals, "math") else { return }
        defer { release(math) }
        guard let randomseed = field(math, "randomseed") else { return }
        defer { release(randomseed) }
        _ = try? call(randomseed, with: [.integer(Int64(bitPattern: seed))])
    }
}
