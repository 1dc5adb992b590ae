/// One frame of a bot's own code in a paused handler, innermost first in `DebugStop.frames`:
/// where it is and the function as Lua names it ("local 'helper'", nil for an anonymous
/// handler).
public struct DebugFrame: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var function: String?

    public init(file: String, line: Int, function: String? = nil) {
        self.file = file
        self.line = line
        self.function = function
    }

    public var description: String {
        "\(file):\(line)" + (function.map { " in \($0)" } ?? "")
    }
}
