/// Something a running script did that is worth its author's attention but is not an error:
/// today, reading a global nobody defined (Lua reads it as nil, so `unpack or table.unpack`
/// works, but a misspelt name in a handler is usually a bug). Hosts show it once, dimly.
package struct ScriptNote: Hashable, Sendable, CustomStringConvertible {
    /// The script file (as Lua names it, e.g. "alisha.lua"), when known.
    package var file: String?
    /// The line in `file`, when known.
    package var line: Int?
    /// What the script did, without the place.
    package var message: String

    package init(file: String? = nil, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// The note for a read of the undefined global `name`.
    package static func undefinedGlobal(_ name: String, at location: (file: String, line: Int)?) -> ScriptNote {
        ScriptNote(
            file: location?.file, line: location?.line,
            message: "note: '\(ScriptError.oneLine(name))' is not defined (it reads as nil; misspelt?)"
        )
    }

    /// The note for a finalizer (`__gc`) that raised `luaMessage` (Lua 5.4 warns
    /// "error in __gc"; the object is finalized all the same).
    package static func finalizerFailed(_ luaMessage: String) -> ScriptNote {
        let error = ScriptError(luaMessage: luaMessage)
        return ScriptNote(file: error.file, line: error.line, message: "warning: error in __gc (\(error.reason))")
    }

    package var description: String {
        ScriptError(file: file, line: line, reason: message).description
    }
}
