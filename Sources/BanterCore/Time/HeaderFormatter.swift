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
/// headers are reproducible in tests and scenarios. Unknown placeholders are left as written;
/// `validate(pattern:)` rejects them where the user can still fix the pattern.
///
/// The pattern is parsed and the locale's names are looked up once, when they are set, so
/// formatting the headers of a long transcript costs no calendar or formatter per header.
public struct HeaderFormatter: Sendable {
    package var pattern: String {
        didSet { pieces = Self.pieces(of: pattern) }
    }
    public var timeZone: TimeZone
    var locale: Locale {
        didSet { (weekdayNames, monthNames) = Self.names(for: locale) }
    }

    /// The placeholders `pattern` may use, for help texts and validation.
    package static let placeholders = ["{day}", "{weekday}", "{date}", "{time}", "{time12}"]

    private var pieces: [Piece]
    /// Sunday first, as `Calendar.weekdaySymbols`.
    private var weekdayNames: [String]
    private var monthNames: [String]

    /// Parses `pattern` once, so formatting a header per section costs no parsing. English
    /// day and month names by default, whatever the machine's locale, so transcripts match.
    public init(
        pattern: String = GroupingRules.defaultHeaderPattern,
        timeZone: TimeZone = .current,
        locale: Locale = Locale(identifier: "en_GB")
    ) {
        self.pattern = pattern
        self.timeZone = timeZone
        self.locale = locale
        pieces = Self.pieces(of: pattern)
        (weekdayNames, monthNames) = Self.names(for: locale)
    }

    /// The header for a section whose first message was sent at `time`, seen at `now`.
    package func format(_ time: Timestamp, now: Timestamp) -> String {
        let local = LocalTime(time, in: timeZone)
        let today = LocalTime(now, in: timeZone)
        let daysAgo = today.dayNumber - local.dayNumber

        var result = ""
        for piece in pieces {
            switch piece {
            case .literal(let text), .unknown(let text), .unclosed(let text):
                // `append(contentsOf:)`, not `+=`: that is the generic one over any sequence of
                // characters, slower, and its first use in a cold process scans every
                // protocol conformance in the executable (0.5 M instructions).
                result.append(contentsOf: text)
            case .placeholder(.day):
                switch daysAgo {
                case 0: result += "Today"
                case 1: result += "Yesterday"
                case 2...6: result += weekdayNames[local.weekday]
                default: appendDate(local, currentYear: today.year, to: &result)
                }
            case .placeholder(.weekday):
                result += weekdayNames[local.weekday]
            case .placeholder(.date):
                appendDate(local, currentYear: today.year, to: &result)
            case .placeholder(.time):
                Self.appendTwoDigits(local.hour, to: &result)
                result += ":"
                Self.appendTwoDigits(local.minute, to: &result)
            case .placeholder(.time12):
                let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
                result += String(hour)
                result += ":"
                Self.appendTwoDigits(local.minute, to: &result)
                result += local.hour < 12 ? " AM" : " PM"
            }
        }
        return result
    }

    private func appendDate(_ local: LocalTime, currentYear: Int, to result: inout String) {
        result += String(local.day)
        result += " "
        result += monthNames[local.month - 1]
        if local.year != currentYear {
            result += " "
            result += String(local.year)
        }
    }

    private static func appendTwoDigits(_ value: Int, to result: inout String) {
        if value < 10 { result += "0" }
        result += String(value)
    }

    /// The default locale's names, written out: asking the calendar loads ICU's locale data,
    /// a large part of the start-up of a command that prints one page.
    private static let englishNames = (
        weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    )

    private static func names(for locale: Locale) -> (weekdays: [String], months: [String]) {
        if locale.identifier == "en_GB" { return englishNames }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return (calendar.weekdaySymbols, calendar.shortMonthSymbols)
    }
}
