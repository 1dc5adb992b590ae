extension LuaState {
    /// Trusted Lua run once per state, before any script: it keeps what is safe, wraps what
    /// needs a guard, makes library tables read-only, locks the string metatable, defers
    /// finalizers, builds the `debug` and `package` subsets, and turns the global table into
    /// the script's environment: it holds the built-ins as in Lua (the script may rebind any
    /// name there, which changes only its own globals), and reading an unknown name gives
    /// nil, as in Lua, reported to the host (`undefinedGlobalRead`). It returns the pristine
    /// built-ins: the environment of Banter's own Lua code, which no script can change.
    /// The text is `prelude.lua` beside this file, embedded at build time (Plugins/EmbedLua).
    static var prelude: String { EmbeddedLua.prelude }
}
