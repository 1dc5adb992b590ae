/// Where a scenario step was written, so a failing expectation points at its line.
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The script's file name as Lua names it ("alisha.lua").
    package var file: String
    package var line: Int

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    package var description: String { "\(file):\(line)" }
}
