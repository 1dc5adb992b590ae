import BanterCore

/// The globals the sandbox gives every script before the bot or scenario API adds its own,
/// read from a fresh sandbox, so what `banter types` and `banter check` call defined is
/// what the runtime really offers (the libraries left out are absent, the guarded ones
/// present).
package enum SandboxGlobals {
    /// Each global's name, with the fields of the library tables (`string` → `byte`, `char`…).
    package static func read() throws(ScriptError) -> [String: [String]] {
        let state = try LuaState(now: { Timestamp(millisecondsSince1970: 0) })
        return state.builtinGlobals()
    }
}
