/// A handler that took a message, as a trace names it: `on("^hi (%a+)")` at
/// alisha.lua:12 with its captures, or `fallback`, `on_message`, `on_open` at file:line.
package struct TracedHandler: Hashable, Sendable {
    /// `on("pattern")`, `on_message`, `on_open` or `fallback`.
    package var label: String
    /// The file the handler's function is written in, relative to the bot's folder.
    package var file: String?
    /// The line its function starts on.
    package var line: Int?
    /// The pattern's captures, as text (`on` only).
    var captures: [String]

    package init(label: String, file: String? = nil, line: Int? = nil, captures: [String] = []) {
        self.label = label
        self.file = file
        self.line = line
        self.captures = captures
    }
}
