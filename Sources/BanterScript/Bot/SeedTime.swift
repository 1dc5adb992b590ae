import BanterCore
import Foundation
import Synchronization

/// When a seed message was sent, as the script wrote it; resolved against "now" when the
/// conversation is created, so seeds read "yesterday at 10:00" whenever the bot is first opened.
///
/// Forms: `"now"`; a signed offset `"-90m"`, `"-1h30m"`, `"+20s"` (or a number of seconds,
/// `-3600`); a local time `"10:00"` (today); a day offset and a time `"-1d 10:00"`; an
/// absolute local date and time `"2026-11-20 19:00"` (or just `"2026-11-20"`).
package enum SeedTime: Hashable, Sendable {
    case now
    case offset(Duration)
    case dayAndTime(dayOffset: Int, hour: Int, minute: Int, second: Int)
    case absolute(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)

    /// Why a seed time could not be read.
    package struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        package var text: String
        package var description: String {
            "invalid time \"\(text)\": write \"now\", an offset like \"-90m\" or \"-1d\", a time \"10:00\", \"-1d 10:00\" or a date \"2026-11-20 19:00\""
        }
    }

    /// Reads one of the forms above. A day offset before a time must be whole days, so
    /// "-90m 10:00" is an error (which `banter check` reports) rather than a guess.
    package static func parse(_ text: String) throws(Invalid) -> SeedTime {
        let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !tokens.isEmpty else { throw Invalid(text: text) }
        if tokens == ["now"] { return .now }
        var offset: Duration?
        var date: (Int, Int, Int)?
        var time: (Int, Int, Int)?
        for token in tokens {
            if let sign = token.first, sign == "-" || sign == "+", offset == nil, date == nil, time == nil {
                guard let duration = try? DurationParser.parse(String(token.dropFirst())) else {
                    throw Invalid(text: text)
                }
                offset = sign == "-" ? .zero - duration : duration
            } else if date == nil, time == nil, offset == nil, let parsed = parseDate(token) {
                date = parsed
            } else if time == nil, let parsed = parseTime(token) {
                time = parsed
            } else {
                throw Invalid(text: text)
            }
        }
        if let (year, month, day) = date {
            let (hour, minute, second) = time ?? (0, 0, 0)
            return .absolute(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        }
        if let (hour, minute, second) = time {
            let milliseconds = offset?.wholeMilliseconds ?? 0
            guard milliseconds % 86_400_000 == 0 else { throw Invalid(text: text) }
            return .dayAndTime(dayOffset: Int(milliseconds / 86_400_000), hour: hour, minute: minute, second: second)
        }
        return .offset(offset ?? .zero)
    }

    /// The instant this time names, seen at `now` in `timeZone`.
    ///
    /// Answers that needed the calendar are kept: `banter test` resolves the same seeds and
    /// start for every scenario, and Foundation's calendar arithmetic cost a twentieth of one.
    package func resolve(now: Timestamp, timeZone: TimeZone) -> Timestamp {
        switch self {
        case .now, .offset:
            return calculate(now: now, timeZone: timeZone)
        case .dayAndTime, .absolute:
            let key = Resolution(time: self, now: now, timeZone: timeZone)
            if let known = Self.resolved.withLock({ $0[key] }) { return known }
            let instant = calculate(now: now, timeZone: timeZone)
            Self.resolved.withLock { resolved in
                if resolved.count >= Self.keptResolutions { resolved.removeAll() }
                resolved[key] = instant
            }
            return instant
        }
    }

    private struct Resolution: Hashable {
        var time: SeedTime
        var now: Timestamp
        var timeZone: TimeZone
    }

    private static let resolved = Mutex<[Resolution: Timestamp]>([:])
    private static let keptResolutions = 256

    private func calculate(now: Timestamp, timeZone: TimeZone) -> Timestamp {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        switch self {
        case .now:
            return now
        case .offset(let duration):
            return now + duration
        case let .dayAndTime(dayOffset, hour, minute, second):
            let today = calendar.startOfDay(for: now.date)
            let day = calendar.date(byAdding: .day, value: dayOffset, to: today) ?? today
            let date = calendar.date(bySettingHour: hour, minute: minute, second: second, of: day) ?? day
            return Timestamp(date)
        case let .absolute(year, month, day, hour, minute, second):
            let components = DateComponents(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            return calendar.date(from: components).map(Timestamp.init) ?? now
        }
    }

    private static func parseDate(_ token: String) -> (Int, Int, Int)? {
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
            let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return (year, month, day)
    }

    private static func parseTime(_ token: String) -> (Int, Int, Int)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second, (0...59).contains(second) else { return nil }
        return (hour, minute, second)
    }
}
