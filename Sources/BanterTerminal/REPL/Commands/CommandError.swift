/// A command that could not be parsed: what was wrong, and the command's usage.
struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    var message: String
    var usage: String

    init(_ message: String, usage: String) {
        self.message = message
        self.usage = usage
    }

    var description: String { "\(message) (usage: \(usage))" }
}
