/// Reads the durations users write in scripts, commands and flags: "20s", "90m", "1h30m",
/// "2d", "500ms", or a plain number of seconds ("20", "1.5").
package enum DurationParser {
    /// Why a duration could not be read, phrased for the person who wrote it.
    package struct InvalidDuration: Error, Hashable, Sendable, CustomStringConvertible {
        package var text: String
        package var description: String {
            "invalid duration \"\(text)\": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms"
        }
    }

    /// The longest duration accepted, in milliseconds (about 31 700 years): far beyond any
    /// chat, and small enough that sums and timestamp arithmetic cannot overflow.
    static let maximumMilliseconds: Double = 1e15

    private static let units: [(name: String, milliseconds: Int64)] = [
        ("ms", 1), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000),
    ]

    /// Parses `text`, case-insensitively, with whitespace allowed around and between parts
    /// ("1h 30m", " 20 s "). Negative durations are refused; results are whole milliseconds.
    package static func parse(_ text: String) throws(InvalidDuration) -> Duration {
        let invalid = InvalidDuration(text: text)
        var rest = Substring(text.lowercased())
        skipWhitespace(&rest)
        guard !rest.isEmpty else { throw invalid }

        var total: Double = 0
        var parts = 0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isWholeNumber || $0 == ".") }
            guard digits.count(where: { $0 == "." }) <= 1, let value = Double(digits) else { throw invalid }
            rest = rest.dropFirst(digits.count)
            skipWhitespace(&rest)

            let scale: Int64
            if rest.isEmpty && parts == 0 {
                scale = 1000
            } else if let unit = units.first(where: { rest.hasPrefix($0.name) }) {
                rest = rest.dropFirst(unit.name.count)
                scale = unit.milliseconds
            } else {
                throw invalid
            }
            total += (value * Double(scale)).rounded()
            guard total < maximumMilliseconds else { throw invalid }
            parts += 1
            skipWhitespace(&rest)
        }
        return .milliseconds(Int64(total))
    }

    /// The shortest way to write `duration` in the same notation ("1h30m", "20s", "0s");
    /// `parse` reads it back exactly for any non-negative whole number of milliseconds.
    package static func format(_ duration: Duration) -> String {
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

    private static func skipWhitespace(_ text: inout Substring) {
        text = text.drop { $0.isWhitespace }
    }
}
