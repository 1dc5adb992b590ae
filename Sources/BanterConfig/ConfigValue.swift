import Foundation

/// A setting's value, checked against its key: text (paths, names, durations, patterns as
/// written), a number or a switch.
package enum ConfigValue: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case integer(Int)
    case flag(Bool)

    package var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    package var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    package var flag: Bool? {
        if case .flag(let value) = self { return value }
        return nil
    }

    /// How the configuration file writes it.
    var tomlLiteral: String {
        switch self {
        case .text(let text):
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .integer(let value): String(value)
        case .flag(let value): value ? "true" : "false"
        }
    }

    package var description: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .flag(let value): value ? "true" : "false"
        }
    }
}
