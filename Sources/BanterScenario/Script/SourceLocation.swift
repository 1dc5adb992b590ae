/// Where a scenario step was written, so a failing expectation points at its line.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The script's file name as Lua names it ("alisha.lua").
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}
