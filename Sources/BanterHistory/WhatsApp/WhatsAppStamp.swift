/// The date and time that open a line of a WhatsApp export, as written, and where the rest of
/// the line begins. WhatsApp writes them in the phone's locale, so one file may be
/// `12/31/23, 9:05 PM - ` (Android), `[31.12.23, 21:05:09] ` (iOS), `2023-12-31 21:05 - `, with
/// `a.m.`, `p. m.`, a narrow no-break space before the hour's half, or Finnish `klo`. Read on
/// the line's bytes: a million lines cost no `String` or regular expression each.
struct WhatsAppStamp: Hashable {
    /// The three numbers of the date in the order written; which is the day is the file's
    /// `WhatsAppDateOrder`, decided from every line.
    var first: Int
    var middle: Int
    var last: Int
    /// How many digits the first and the last number had (a four-digit one is the year).
    var firstDigits: Int
    var lastDigits: Int
    var hour: Int
    var minute: Int
    var seconds: Int
    /// Whether the time carried a 12-hour marker, and which.
    var meridiem: Meridiem?
    /// The iOS form (`[date, time]`) rather than Android's (`date, time - `).
    var bracketed: Bool
    /// The byte offset in the line where the sender's name (or a system line's text) begins.
    var bodyStart: Int

    enum Meridiem: Hashable {
        case am, pm
    }

    /// The hour of the day, 0 to 23, or nil when a 12-hour time has an hour outside 1...12.
    var hourOfDay: Int? {
        guard let meridiem else { return hour < 24 ? hour : nil }
        guard (1...12).contains(hour) else { return nil }
        switch meridiem {
        case .am: return hour == 12 ? 0 : hour
        case .pm: return hour == 12 ? 12 : hour + 12
        }
    }

    /// Reads the stamp at the start of `line` (invisible direction marks and a byte order
    /// mark before it are skipped), or nil when the line does not start with one: then it
    /// continues the message before.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> WhatsAppStamp? {
        var cursor = ByteCursor(line)
        cursor.skipInvisibleMarks()
        let bracketed = cursor.take(UInt8(ascii: "["))
        guard let (first, firstDigits) = cursor.number(maximumDigits: 4), let separator = cursor.next(),
            separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") || separator == UInt8(ascii: "-"),
            let (middle, _) = cursor.number(maximumDigits: 2), cursor.take(separator),
            let (last, lastDigits) = cursor.number(maximumDigits: 4)
        else { return nil }
        _ = cursor.take(UInt8(ascii: "."))
        _ = cursor.take(UInt8(ascii: ","))
        guard cursor.skipSpaces() else { return nil }
        if cursor.takeWord("klo") { guard cursor.skipSpaces() else { return nil } }
        guard let (hour, _) = cursor.number(maximumDigits: 2), let timeSeparator = cursor.next(),
            timeSeparator == UInt8(ascii: ":") || timeSeparator == UInt8(ascii: "."),
            let (minute, minuteDigits) = cursor.number(maximumDigits: 2), minuteDigits == 2
        else { return nil }
        var seconds = 0
        if cursor.peek() == timeSeparator {
            var lookahead = cursor
            _ = lookahead.next()
            if let (value, digits) = lookahead.number(maximumDigits: 2), digits == 2 {
                seconds = value
                cursor = lookahead
            }
        }
        var afterMeridiem = cursor
        var meridiem: Meridiem?
        _ = afterMeridiem.skipSpaces()
        if let found = afterMeridiem.meridiem() {
            meridiem = found
            cursor = afterMeridiem
        }
        if bracketed {
            guard cursor.take(UInt8(ascii: "]")) else { return nil }
            _ = cursor.skipSpaces()
        } else {
            guard cursor.skipSpaces(), cursor.takeDash(), cursor.skipSpaces() || cursor.atEnd else { return nil }
        }
        return WhatsAppStamp(
            first: first, middle: middle, last: last, firstDigits: firstDigits, lastDigits: lastDigits, hour: hour,
            minute: minute, seconds: seconds, meridiem: meridiem, bracketed: bracketed, bodyStart: cursor.offset)
    }
}
