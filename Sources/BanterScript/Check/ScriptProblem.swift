/// One problem `banter check` found in a script, where it is: `file:line: message`.
package struct ScriptProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it (or resolved from the script that uses it).
    package var file: String
    package var line: Int
    package var message: String

    package init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    package var description: String { "\(file):\(line): \(message)" }
}
