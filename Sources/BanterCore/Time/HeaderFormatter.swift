import Foundation

/// Turns a section's time into its header text, "{day} {time}" by default.
///
/// Placeholders:
/// - `{day}`: "Today", "Yesterday", a weekday name within the last seven days, otherwise
///   `{date}`;
/// - `{weekday}`: the weekday name ("Monday");
/// - `{date}`: "12 Nov", with the year ("12 Nov 2025") when it is not the current one;
/// - `{time}`: 24-hour local time ("14:05"); `{time12}`: 12-hour time ("2:05 PM").
///
/// The time zone, the locale (for weekday and month names) and "now" are injected so that
/// headers are reproducible in tests and scenarios. Unknown placeholders are left as written.
public struct HeaderFormatter: Sendable {
    public var pattern: String
    public var timeZone: TimeZone
    public var locale: Locale

    /// The placeholders `pattern` may use, for help texts and validation.
    public static let placeholders = ["{day}", "{weekday}", "{date}", "{time}", "{time12}"]

    public init(
        pattern: String = GroupingRules.defaultHeaderPattern,
        timeZone: TimeZone = .current,
        locale: Locale = Locale(identifier: "en_GB")
    ) {
        self.pattern = pattern
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The header for a section whose first message was sent at `time`, seen at `now`.
    public func format(_ time: Timestamp, now: Timestamp) -> String {
        let calendar = self.calendar
        let date = time.date
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let currentYear = calendar.component(.year, from: now.date)

        let weekday = calendar.weekdaySymbols[(parts.weekday ?? 1) - 1]
        let month = calendar.shortMonthSymbols[(parts.month ?? 1) - 1]
        var dateText = "\(parts.day ?? 1) \(month)"
        if parts.year != currentYear { dateText += " \(parts.year ?? 0)" }

        let daysAgo = calendar.dateComponents(
            [.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now.date)
        ).day ?? Int.max
        let dayText: String
        switch daysAgo {
        case 0: dayText = "Today"
        case 1: dayText = "Yesterday"
        case 2...6: dayText = weekday
        default: dayText = dateText
        }

        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        let time24 = String(format: "%02d:%02d", hour, minute)
        let time12 = String(format: "%d:%02d %@", hour % 12 == 0 ? 12 : hour % 12, minute, hour < 12 ? "AM" : "PM")

        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[open...close]
            switch name {
            case "{day}": result += dayText
            case "{weekday}": result += weekday
            case "{date}": result += dateText
            case "{time}": result += time24
            case "{time12}": result += time12
            default: result += name
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        return calendar
    }
}
