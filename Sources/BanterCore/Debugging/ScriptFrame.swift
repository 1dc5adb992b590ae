/// One frame of the bot's own code on the stack when it failed (`ScriptError.frames`) or
/// where the debugger paused it (`DebugStop.frames`): where it was, and in which function
/// as Lua names it. Frames of Banter's support code and of C functions are left out, so
/// what remains is what the bot's author wrote.
package struct ScriptFrame: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    /// "function 'greet'", "method 'reply'", "local 'helper'", or nil when Lua cannot tell
    /// (a handler passed as an anonymous function).
    package var function: String?

    package init(file: String, line: Int, function: String? = nil) {
        self.file = file
        self.line = line
        self.function = function
    }

    package var description: String {
        "\(file):\(line)" + (function.map { " in \($0)" } ?? "")
    }
}
