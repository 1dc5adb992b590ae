import BanterCore

/// One frame of the script's own code on a paused coroutine: where it is, and the Lua stack
/// level the debugger reads its variables at. Banter's own frames and C functions are left
/// out, as in `ScriptFrame`.
package struct PausedFrame: Hashable, Sendable {
    package var frame: ScriptFrame
    /// The chunk's name without its "@": the file as the script named it ("alisha.lua",
    /// "./lib/util.lua"), for finding its source.
    package var chunk: String
    let level: Int32
}
