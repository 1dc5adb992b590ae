import BanterCore

/// Reads and writes the ISO 8601 times of the JSON format exactly, with integer arithmetic
/// (a floating-point date could be a millisecond off).
package enum ISOTimestamp {
    /// "2026-11-20T14:05:00.000Z": the same text as `Timestamp.description`, without a
    /// calendar, as an export writes it a million times.
    static func format(_ timestamp: Timestamp) -> String {
        let milliseconds = timestamp.millisecondsSince1970
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func append(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(0x30 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        if (0...9999).contains(year) {
            append(year, digits: 4)
        } else {
            // As `Timestamp.description` writes years outside 0...9999 (which no reader takes).
            let text = String(year)
            bytes += Array((String(repeating: "0", count: max(0, 4 - text.count)) + text).utf8)
        }
        bytes.append(0x2D)
        append(month, digits: 2)
        bytes.append(0x2D)
        append(day, digits: 2)
        bytes.append(0x54)
        append(millisecondOfDay / 3_600_000, digits: 2)
        bytes.append(0x3A)
        append(millisecondOfDay / 60_000 % 60, digits: 2)
        bytes.append(0x3A)
        append(millisecondOfDay / 1000 % 60, digits: 2)
        bytes.append(0x2E)
        append(millisecondOfDay % 1000, digits: 3)
        bytes.append(0x5A)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor, remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The proleptic Gregorian date of a day number (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Parses "2026-11-20T14:05:00.000Z": a date, "T", a time with seconds, an optional
    /// fraction of one to three digits, and "Z" or an offset "+01:00"; nil otherwise.
    package static func parse(_ text: String) -> Timestamp? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skip("T"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2)
        else { return nil }
        var millisecond: Int64 = 0
        if reader.skip(".") {
            var digits = 0
            while let digit = reader.digit() {
                guard digits < 3 else { return nil }
                millisecond = millisecond * 10 + digit
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<3 { millisecond *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if reader.skip("Z") {
            offsetMinutes = 0
        } else if let sign = reader.sign(), let offsetHours = reader.number(digits: 2), reader.skip(":"),
            let offsetMinute = reader.number(digits: 2), offsetHours < 24, offsetMinute < 60
        {
            offsetMinutes = sign * (offsetHours * 60 + offsetMinute)
        } else {
            return nil
        }
        guard reader.atEnd, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return Timestamp(millisecondsSince1970: seconds * 1000 + millisecond)
    }

    /// Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// A cursor over ASCII bytes.
    private struct Reader {
        var bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int64(bytes[index] - 0x30)
        }

        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
