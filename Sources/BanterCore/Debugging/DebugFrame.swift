/// One frame of a bot's own code in a paused handler, innermost first in `DebugStop.frames`:
/// where it is and the function as Lua names it ("local 'helper'", nil for an anonymous
/// handler).
package struct DebugFrame: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
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
