import Foundation

/// A stretch of a stored conversation as a person names it on the command line (`banter
/// replay --from/--to`, `banter scenario --range`): each end is a message (`#ID`, as `/ids`
/// and `/search` show it) or a local time, and both ends are included. A time names a whole
/// period at its precision ("2023-12-31" is that day, "2023-12-31 21:05" that minute), so
/// `--from 2023-12-31 --to 2023-12-31` is the whole day. A missing end is the conversation's
/// first or last message.
package struct ConversationStretch: Hashable, Sendable {
    /// One end of a stretch.
    package enum Bound: Hashable, Sendable {
        /// The message with this id.
        case message(id: Int64)
        /// The local period from `start` (included) to `end` (excluded), as written.
        case time(start: Timestamp, end: Timestamp, written: String)
    }

    /// Why a bound or range could not be read: the text and the forms that are understood.
    package struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
    }

    package var from: Bound?
    package var to: Bound?

    package init(from: Bound? = nil, to: Bound? = nil) throws(Invalid) {
        if case .time(let start, _, let first)? = from, case .time(_, let end, let last)? = to, end <= start {
            throw Invalid(description: "the stretch ends (\(last)) before it starts (\(first))")
        }
        self.from = from
        self.to = to
    }

    /// Reads `FROM..TO` (either side may be left out), or one bound alone for just that
    /// message or period; times are read in `timeZone`.
    package static func parseRange(_ text: String, timeZone: TimeZone) throws(Invalid) -> ConversationStretch {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let dots = trimmed.range(of: "..") else {
            let bound = try parseBound(trimmed, timeZone: timeZone)
            return try ConversationStretch(from: bound, to: bound)
        }
        let first = trimmed[..<dots.lowerBound].trimmingCharacters(in: .whitespaces)
        let last = trimmed[dots.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !first.isEmpty || !last.isEmpty else {
            throw Invalid(description: "\"\(text)\" names no end: write FROM..TO, FROM.. or ..TO, e.g. #120..#180")
        }
        return try ConversationStretch(
            from: first.isEmpty ? nil : try parseBound(first, timeZone: timeZone),
            to: last.isEmpty ? nil : try parseBound(last, timeZone: timeZone))
    }

    /// Reads `#ID` or a local date and time: `2023-12-31`, `2023-12-31 21:05`,
    /// `2023-12-31 21:05:09` (a `T` may stand for the space).
    package static func parseBound(_ text: String, timeZone: TimeZone) throws(Invalid) -> Bound {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            guard let id = Int64(trimmed.dropFirst()), id > 0 else {
                throw Invalid(description: "\"\(text)\" is not a message: write # and its id, e.g. #120")
            }
            return .message(id: id)
        }
        guard let period = period(trimmed, timeZone: timeZone) else {
            throw Invalid(
                description:
                    "\"\(text)\" is neither a message (#120, as /ids on and /search show) nor a time (2023-12-31, 2023-12-31 21:05 or 2023-12-31 21:05:09)"
            )
        }
        return .time(start: period.start, end: period.end, written: trimmed)
    }

    /// The period a written local time covers, or nil when it is not one.
    private static func period(_ text: String, timeZone: TimeZone) -> (start: Timestamp, end: Timestamp)? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard (1...2).contains(parts.count) else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard date.count == 3, parts[0].count == 10, let year = date[0], let month = date[1], let day = date[2],
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var fields = [0, 0, 0]
        var precision = Calendar.Component.day
        if parts.count == 2 {
            let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(time.count), time.allSatisfy({ $0.count == 2 }) else { return nil }
            let numbers = time.map { Int($0) }
            guard let hour = numbers[0], let minute = numbers[1], (0...23).contains(hour), (0...59).contains(minute)
            else { return nil }
            fields = [hour, minute, 0]
            precision = .minute
            if time.count == 3 {
                guard let second = numbers[2], (0...59).contains(second) else { return nil }
                fields[2] = second
                precision = .second
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: year, month: month, day: day, hour: fields[0], minute: fields[1], second: fields[2])
        guard let start = calendar.date(from: components),
            calendar.component(.day, from: start) == day,
            let end = calendar.date(byAdding: precision, value: 1, to: start)
        else { return nil }
        return (Timestamp(start), Timestamp(end))
    }
}
