/// A mistake in a configuration or theme file, or in a setting from the environment:
/// "FILE:LINE: what is wrong; what is accepted". Banter does not start with one.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, or the environment variable, the setting came from.
    public var origin: String
    /// The line in `origin`, when it is a file and the line is known.
    public var line: Int?
    public var message: String

    public init(origin: String, line: Int?, message: String) {
        self.origin = origin
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(origin):\(line): \(message)" }
        return "\(origin): \(message)"
    }
}
