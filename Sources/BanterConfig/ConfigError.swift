import BanterCore

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

    /// The error as one line. Values quoted from a file are untrusted text, so the whole
    /// line is sanitised: an escape sequence in a theme file shows as "␛[…", never runs.
    public var description: String {
        Sanitizer.sanitize(line.map { "\(origin):\($0): \(message)" } ?? "\(origin): \(message)")
    }
}
