import Foundation

/// A point in time with millisecond precision, stored as an integer so that the grouping
/// boundaries ("at most 20 s", "more than 1 h") compare exactly; `Date`'s floating point
/// cannot promise that for timestamps read back from the database.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01 00:00:00 UTC.
    public var millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// Rounds the date to the nearest millisecond.
    public init(_ date: Date) {
        self.millisecondsSince1970 = Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The same instant as a Foundation date, for calendar arithmetic and formatting.
    package var date: Date {
        Date(timeIntervalSince1970: TimeInterval(millisecondsSince1970) / 1000)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// The time elapsed from `rhs` to `lhs` (negative when `lhs` is earlier).
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
        .milliseconds(lhs.millisecondsSince1970 - rhs.millisecondsSince1970)
    }

    public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(millisecondsSince1970: lhs.millisecondsSince1970 + rhs.wholeMilliseconds)
    }

    public static func - (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(millisecondsSince1970: lhs.millisecondsSince1970 - rhs.wholeMilliseconds)
    }

    public static func += (lhs: inout Timestamp, rhs: Duration) { lhs = lhs + rhs }

    /// ISO 8601 in UTC with milliseconds ("2026-11-20T18:00:00.000Z"), so that two
    /// timestamps a millisecond apart never print the same.
    public var description: String {
        let utc = LocalTime(self, in: TimeZone(identifier: "UTC")!)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(utc.year, 4))-\(padded(utc.month, 2))-\(padded(utc.day, 2))T"
            + "\(padded(utc.hour, 2)):\(padded(utc.minute, 2)):\(padded(utc.second, 2)).\(padded(utc.millisecond, 3))Z"
    }
}

extension Duration {
    /// The duration truncated to whole milliseconds, the precision Banter stores times in.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
