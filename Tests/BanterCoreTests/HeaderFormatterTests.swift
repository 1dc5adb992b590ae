import BanterTestSupport
import Foundation
import Testing

@testable import BanterCore

private let paris = TimeZone(identifier: "Europe/Paris")!
private let newYork = TimeZone(identifier: "America/New_York")!
private let tokyo = TimeZone(identifier: "Asia/Tokyo")!

/// The instant a wall clock in `zone` shows "2026-11-20 19:00" (seconds optional).
private func local(_ text: String, _ zone: TimeZone) -> Timestamp {
    let fields = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let components = DateComponents(
        year: fields[0], month: fields[1], day: fields[2],
        hour: fields[3], minute: fields[4], second: fields.count > 5 ? fields[5] : 0
    )
    return Timestamp(calendar.date(from: components)!)
}

/// The instant written in UTC as "2026-11-20 23:30".
private func utc(_ text: String) -> Timestamp { local(text, TimeZone(identifier: "UTC")!) }

private func header(
    _ time: String, now: String, in zone: TimeZone = paris, pattern: String = "{day} {time}"
) -> String {
    HeaderFormatter(pattern: pattern, timeZone: zone).format(local(time, zone), now: local(now, zone))
}

@Suite("Header formatter")
struct HeaderFormatterTests {
    // 2026-11-20 is a Friday.
    static let now = "2026-11-20 19:00"

    @Test func defaultPatternIsDayAndTime() {
        #expect(HeaderFormatter(timeZone: paris).pattern == "{day} {time}")
        #expect(header("2026-11-20 14:05", now: Self.now) == "Today 14:05")
    }

    @Test(arguments: [
        ("2026-11-20 00:00", "Today 00:00"),
        ("2026-11-19 23:59", "Yesterday 23:59"),
        ("2026-11-19 00:00", "Yesterday 00:00"),
        ("2026-11-18 09:30", "Wednesday 09:30"),
        ("2026-11-14 10:00", "Saturday 10:00"),
        ("2026-11-13 23:59", "13 Nov 23:59"),
        ("2026-11-12 14:05", "12 Nov 14:05"),
        ("2026-01-01 08:00", "1 Jan 08:00"),
        ("2025-11-12 14:05", "12 Nov 2025 14:05"),
    ])
    func dayNames(time: String, expected: String) {
        #expect(header(time, now: Self.now) == expected)
    }

    @Test func sixDaysAgoIsAWeekdaySevenIsADate() {
        #expect(header("2026-11-14 23:59", now: "2026-11-20 00:00") == "Saturday 23:59")
        #expect(header("2026-11-13 23:59", now: "2026-11-20 00:00") == "13 Nov 23:59")
    }

    @Test func aroundMidnight() {
        #expect(header("2026-11-20 23:59:59", now: "2026-11-21 00:00:00", in: tokyo) == "Yesterday 23:59")
        #expect(header("2026-11-21 00:00:00", now: "2026-11-21 00:00:00", in: tokyo) == "Today 00:00")
        #expect(header("2026-11-20 00:00:00", now: "2026-11-20 23:59:59", in: tokyo) == "Today 00:00")
    }

    @Test func newYearsEve() {
        #expect(header("2025-12-31 23:00", now: "2026-01-01 10:00") == "Yesterday 23:00")
        #expect(header("2025-12-31 23:00", now: "2026-01-01 10:00", pattern: "{date}") == "31 Dec 2025")
        #expect(header("2025-12-29 10:00", now: "2026-01-03 10:00") == "Monday 10:00")
    }

    @Test func aFutureDayShowsItsDate() {
        #expect(header("2026-11-21 09:00", now: Self.now) == "21 Nov 09:00")
    }

    @Test func sameInstantInThreeTimeZones() {
        let time = utc("2026-11-20 23:30")
        let now = utc("2026-11-21 12:00")
        #expect(HeaderFormatter(timeZone: paris).format(time, now: now) == "Today 00:30")
        #expect(HeaderFormatter(timeZone: newYork).format(time, now: now) == "Yesterday 18:30")
        #expect(HeaderFormatter(timeZone: tokyo).format(time, now: now) == "Today 08:30")
    }

    @Test func springForwardInParis() {
        // Clocks went from 02:00 to 03:00 on Sunday 29 March 2026; that day had 23 hours.
        #expect(header("2026-03-28 23:30", now: "2026-03-29 10:00") == "Yesterday 23:30")
        #expect(header("2026-03-29 01:30", now: "2026-03-29 23:59") == "Today 01:30")
        #expect(header("2026-03-29 03:30", now: "2026-03-29 23:59") == "Today 03:30")
        #expect(utc("2026-03-29 01:30") - utc("2026-03-29 00:30") == .seconds(3600))
        #expect(
            HeaderFormatter(timeZone: paris).format(utc("2026-03-29 01:30"), now: utc("2026-03-29 01:30"))
                == "Today 03:30")
        // 46 h 40 min elapsed but two calendar days apart: the day before yesterday.
        #expect(header("2026-03-28 00:30", now: "2026-03-30 00:10") == "Saturday 00:30")
    }

    @Test func fallBackInParis() {
        // 02:30 happened twice on Sunday 25 October 2026 (summer time, then winter time).
        let now = utc("2026-10-25 12:00")
        let formatter = HeaderFormatter(timeZone: paris)
        #expect(formatter.format(utc("2026-10-25 00:30"), now: now) == "Today 02:30")
        #expect(formatter.format(utc("2026-10-25 01:30"), now: now) == "Today 02:30")
        #expect(formatter.format(utc("2026-10-24 21:59"), now: now) == "Yesterday 23:59")
        #expect(formatter.format(utc("2026-10-24 22:00"), now: now) == "Today 00:00")
    }

    @Test func springForwardInNewYork() {
        // Clocks went from 02:00 to 03:00 on Sunday 8 March 2026.
        #expect(header("2026-03-07 23:30", now: "2026-03-08 09:00", in: newYork) == "Yesterday 23:30")
        #expect(header("2026-03-08 01:59", now: "2026-03-08 09:00", in: newYork) == "Today 01:59")
        #expect(header("2026-03-08 03:00", now: "2026-03-09 00:00", in: newYork) == "Yesterday 03:00")
    }

    @Test(arguments: [
        ("2026-11-20 00:05", "12:05 AM"),
        ("2026-11-20 11:59", "11:59 AM"),
        ("2026-11-20 12:05", "12:05 PM"),
        ("2026-11-20 13:00", "1:00 PM"),
        ("2026-11-20 23:09", "11:09 PM"),
    ])
    func twelveHourTime(time: String, expected: String) {
        #expect(header(time, now: Self.now, pattern: "{time12}") == expected)
    }

    @Test(arguments: [
        ("{weekday}", "Thursday"),
        ("{date}", "12 Nov"),
        ("{time}", "14:05"),
        ("{day}", "12 Nov"),
        ("{weekday}, {date} at {time12}", "Thursday, 12 Nov at 2:05 PM"),
        ("🌙 {time} — {day}", "🌙 14:05 — 12 Nov"),
        ("no placeholders", "no placeholders"),
        ("", ""),
        ("{foo} {time}", "{foo} 14:05"),
        ("{} {time}", "{} 14:05"),
        ("{Day} {time}", "{Day} 14:05"),
        ("{time} {day", "14:05 {day"),
        ("{{day}}", "{12 Nov}"),
        ("{da{time}", "{da14:05"),
        ("}{time}{", "}14:05{"),
    ])
    func patterns(pattern: String, expected: String) {
        #expect(header("2026-11-12 14:05", now: Self.now, pattern: pattern) == expected)
    }

    @Test func changingPropertiesAfterInitTakesEffect() {
        var formatter = HeaderFormatter(timeZone: paris)
        let time = utc("2026-11-20 13:05")
        let now = utc("2026-11-20 18:00")
        #expect(formatter.format(time, now: now) == "Today 14:05")
        formatter.pattern = "{time12} {weekday}"
        #expect(formatter.format(time, now: now) == "2:05 PM Friday")
        formatter.timeZone = tokyo
        #expect(formatter.format(time, now: now) == "10:05 PM Friday")
        formatter.locale = Locale(identifier: "fr_FR")
        #expect(formatter.format(time, now: now) == "10:05 PM vendredi")
    }

    @Test func agreesWithFoundationsCalendarAcrossZonesAndCenturies() {
        var generator = SeededGenerator(seed: 2026)
        for zone in [paris, newYork, tokyo, TimeZone(identifier: "Australia/Lord_Howe")!] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendar.locale = Locale(identifier: "en_GB")
            let formatter = HeaderFormatter(pattern: "{weekday} {date} {time}", timeZone: zone)
            for _ in 0..<300 {
                // From about 1900 to 2100, to the minute.
                let time = Timestamp(
                    millisecondsSince1970: Int64.random(in: -2_200_000_000...4_100_000_000, using: &generator) * 1000)
                let now = Timestamp(millisecondsSince1970: 4_200_000_000_000)
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: time.date)
                let expected = String(
                    format: "%@ %d %@ %d %02d:%02d",
                    calendar.weekdaySymbols[parts.weekday! - 1], parts.day!,
                    calendar.shortMonthSymbols[parts.month! - 1], parts.year!, parts.hour!, parts.minute!
                )
                #expect(formatter.format(time, now: now) == expected, "\(time) in \(zone.identifier)")
            }
        }
    }
}

@Suite("Header pattern validation")
struct HeaderPatternValidationTests {
    @Test(arguments: ["{day} {time}", "{weekday} {date} {time12}", "", "plain text", "}", "🌹 {time}"])
    func acceptsKnownPlaceholders(pattern: String) throws {
        try HeaderFormatter.validate(pattern: pattern)
    }

    @Test func rejectsAnUnknownPlaceholderNamingTheValidOnes() {
        let error = #expect(throws: HeaderFormatter.InvalidPattern.self) {
            try HeaderFormatter.validate(pattern: "{dya} {time}")
        }
        #expect(error?.fragment == "{dya}")
        #expect(error?.isUnclosed == false)
        let description = error?.description ?? ""
        #expect(description.contains("\"{dya}\""))
        #expect(description.contains("{dya} {time}"))
        for placeholder in HeaderFormatter.placeholders {
            #expect(description.contains(placeholder))
        }
    }

    @Test(arguments: [("{time} {day", "{day"), ("{da{time}", "{da"), ("{", "{")])
    func rejectsAnUnclosedPlaceholder(pattern: String, fragment: String) {
        let error = #expect(throws: HeaderFormatter.InvalidPattern.self) {
            try HeaderFormatter.validate(pattern: pattern)
        }
        #expect(error?.fragment == fragment)
        #expect(error?.isUnclosed == true)
        #expect(error?.description.hasPrefix("unclosed placeholder") == true)
    }

    @Test(arguments: ["{}", "{Day}", "{ day }", "{time}{time24}"])
    func rejectsNearMisses(pattern: String) {
        #expect(throws: HeaderFormatter.InvalidPattern.self) {
            try HeaderFormatter.validate(pattern: pattern)
        }
    }

    @Test func placeholdersListMatchesWhatFormatFills() {
        #expect(HeaderFormatter.placeholders == HeaderFormatter.Placeholder.allCases.map { "{\($0.rawValue)}" })
    }
}
