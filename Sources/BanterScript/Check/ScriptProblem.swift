/// One problem `banter check` found in a script, where it is: `file:line: message`.
public struct ScriptProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it (or resolved from the script that uses it).
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
