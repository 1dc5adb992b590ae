import BanterCore

/// A mistake in a configuration or theme file, or in a setting from the environment:
/// "FILE:LINE: what is wrong; what is accepted". Banter does not start with one.
package struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, or the environment variable, the setting came from.
    package var origin: String
    /// The line in `origin`, when it is a file and the line is known.
    package var line: Int?
    package var message: String

    package init(origin: String, line: Int?, message: String) {
        self.origin = origin
        self.line = line
        self.message = message
    }

    /// The error as one line. Values quoted from a file are untrusted text, so the whole
    /// line is sanitised: an escape sequence in a theme file shows as "␛[…", never runs.
    package var description: String {
        Sanitizer.sanitize(line.map { "\(origin):\($0): \(message)" } ?? "\(origin): \(message)")
    }
}
