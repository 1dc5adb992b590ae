/// A handler that took a message, as a trace names it: `on("^hi (%a+)")` at
/// alisha.lua:12 with its captures, or `fallback`, `on_message`, `on_open` at file:line.
public struct TracedHandler: Hashable, Sendable {
    /// `on("pattern")`, `on_message`, `on_open` or `fallback`.
    public var label: String
    /// The file the handler's function is written in, relative to the bot's folder.
    public var file: String?
    /// The line its function starts on.
    public var line: Int?
    /// The pattern's captures, as text (`on` only).
    public var captures: [String]

    public init(label: String, file: String? = nil, line: Int? = nil, captures: [String] = []) {
        self.label = label
        self.file = file
        self.line = line
        self.captures = captures
    }
}
