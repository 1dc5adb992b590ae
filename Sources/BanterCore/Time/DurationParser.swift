import Foundation

/// Reads the durations users write in scripts, commands and flags: "20s", "90m", "1h30m",
/// "2d", "500ms", or a plain number of seconds ("20", "1.5").
public enum DurationParser {
    /// Why a duration could not be read, phrased for the person who wrote it.
    public struct InvalidDuration: Error, Hashable, Sendable, CustomStringConvertible {
        public var text: String
        public var description: String {
            "invalid duration \"\(text)\": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms"
        }
    }

    /// Parses `text`; negative durations are refused.
    public static func parse(_ text: String) throws(InvalidDuration) -> Duration {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { throw InvalidDuration(text: text) }
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0, seconds < 1e12 {
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }
        var total: Int64 = 0
        var rest = Substring(trimmed)
        let units: [(String, Int64)] = [("ms", 1), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !digits.isEmpty, let value = Double(digits), value.isFinite else { throw InvalidDuration(text: text) }
            rest = rest.dropFirst(digits.count)
            guard let (unit, scale) = units.first(where: { rest.hasPrefix($0.0) }) else { throw InvalidDuration(text: text) }
            rest = rest.dropFirst(unit.count)
            let milliseconds = value * Double(scale)
            guard milliseconds < 1e15 else { throw InvalidDuration(text: text) }
            total += Int64(milliseconds.rounded())
        }
        return .milliseconds(total)
    }

    /// The shortest way to write `duration` in the same notation ("1h30m", "20s", "0s").
    public static func format(_ duration: Duration) -> String {
        var milliseconds = duration.wholeMilliseconds
        guard milliseconds != 0 else { return "0s" }
        var parts = ""
        if milliseconds < 0 { parts = "-"; milliseconds = -milliseconds }
        for (unit, scale) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] {
            let count = milliseconds / scale
            if count > 0 { parts += "\(count)\(unit)" }
            milliseconds %= scale
        }
        return parts
    }
}
