import Foundation

/// A timestamp's wall-clock fields in one time zone, computed with integer arithmetic on the
/// proleptic Gregorian calendar (no `Calendar` per call). The zone's offset is taken at that
/// instant, so days around a DST change still count as one calendar day each.
struct LocalTime: Hashable {
    /// Days since 1970-01-01 in local time; the difference of two is a count of calendar days.
    var dayNumber: Int64
    var year: Int
    /// 1...12.
    var month: Int
    /// 1...31.
    var day: Int
    /// 0 for Sunday ... 6 for Saturday, the index into `Calendar.weekdaySymbols`.
    var weekday: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    private static let millisecondsPerDay: Int64 = 86_400_000

    init(_ time: Timestamp, in timeZone: TimeZone) {
        let offset = Int64(timeZone.secondsFromGMT(for: time.date)) * 1000
        let local = time.millisecondsSince1970 + offset
        let (days, millisecondsOfDay) = Self.floorDivision(local, Self.millisecondsPerDay)
        dayNumber = days
        hour = Int(millisecondsOfDay / 3_600_000)
        minute = Int(millisecondsOfDay / 60_000 % 60)
        second = Int(millisecondsOfDay / 1000 % 60)
        millisecond = Int(millisecondsOfDay % 1000)
        // 1970-01-01 was a Thursday.
        weekday = Int(Self.floorDivision(days + 4, 7).remainder)

        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = Self.floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
