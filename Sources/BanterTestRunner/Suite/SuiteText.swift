import BanterCore
import Foundation

/// How durations and untrusted text read in the runner's lines.
enum SuiteText {
    /// "60s", "1.5s", "250ms".
    static func duration(_ duration: Duration) -> String {
        DurationParser.format(duration)
    }

    /// Text from a worker's error output made safe for one terminal line: control
    /// characters and escape sequences removed, cut when long.
    static func oneLine(_ text: String, limit: Int = 300) -> String {
        let clean = Sanitizer.sanitize(text).trimmingCharacters(in: .whitespaces)
        return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }
}
