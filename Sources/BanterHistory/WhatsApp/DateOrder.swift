/// Which of a WhatsApp date's three numbers is the day, the month and the year. The export
/// writes the phone's locale and never says which, so the order is decided from the whole
/// file (`DateOrderEvidence`), or given with `--date-order`.
package enum DateOrder: String, CaseIterable, Sendable {
    /// 31/12/23, 31.12.2023: most of the world.
    case dmy
    /// 12/31/23: the United States.
    case mdy
    /// 2023-12-31, 2023/12/31: ISO, East Asia.
    case ymd

    /// The calendar date `stamp` names in this order, or nil when it names none (a 13th
    /// month, a 31 April). Two-digit years are of this century: WhatsApp began in 2009.
    func date(_ stamp: WhatsAppStamp) -> CivilDate? {
        let (year, month, day): (Int, Int, Int)
        switch self {
        case .dmy: (day, month, year) = (stamp.first, stamp.middle, stamp.last)
        case .mdy: (month, day, year) = (stamp.first, stamp.middle, stamp.last)
        case .ymd: (year, month, day) = (stamp.first, stamp.middle, stamp.last)
        }
        let yearDigits = self == .ymd ? stamp.firstDigits : stamp.lastDigits
        guard yearDigits == 4 || yearDigits == 2 && self != .ymd else { return nil }
        return CivilDate(year: yearDigits == 2 ? 2000 + year : year, month: month, day: day)
    }

    /// How a person reads it in a message.
    package var example: String {
        switch self {
        case .dmy: "day/month/year"
        case .mdy: "month/day/year"
        case .ymd: "year/month/day"
        }
    }
}

/// What the dates of a whole file say about their order: in which order the fewest dates
/// are impossible (a line or two may be broken: those are reported later, not taken as
/// evidence), and in which the dates never go backwards (an export is in time order, so the
/// order that makes 01/02 come after 12/01 is the right one).
struct DateOrderEvidence {
    private var impossible: [DateOrder: Int] = [:]
    private var ascending: Set<DateOrder> = Set(DateOrder.allCases)
    private var previous: [DateOrder: Int64] = [:]
    /// Whether some date read differently in the day-first and month-first orders.
    private var differs = false
    private(set) var dates = 0

    mutating func add(_ stamp: WhatsAppStamp) {
        dates += 1
        if stamp.first != stamp.middle { differs = true }
        for order in DateOrder.allCases {
            guard let date = order.date(stamp), date.isValid else {
                impossible[order, default: 0] += 1
                continue
            }
            let day = date.dayNumber
            if let before = previous[order], day < before { ascending.remove(order) }
            previous[order] = day
        }
    }

    /// The order, or why none could be chosen.
    func resolve() -> Result<DateOrder, DateOrderProblem> {
        let fewest = DateOrder.allCases.map { impossible[$0, default: 0] }.min() ?? 0
        guard fewest < dates else { return .failure(.noneFits) }
        let valid = Set(DateOrder.allCases.filter { impossible[$0, default: 0] == fewest })
        if valid.count == 1, let only = valid.first { return .success(only) }
        if valid.isEmpty { return .failure(.noneFits) }
        let candidates = valid.subtracting([.ymd])
        if valid.contains(.ymd) && candidates.isEmpty { return .success(.ymd) }
        if !differs { return .success(.dmy) }
        let inOrder = candidates.intersection(ascending)
        if inOrder.count == 1, let only = inOrder.first { return .success(only) }
        return .failure(.ambiguous(candidates.sorted { $0.rawValue < $1.rawValue }))
    }
}

/// Why a file's date order could not be decided.
enum DateOrderProblem: Error, Hashable {
    /// Both orders read every date, and both keep them in time order.
    case ambiguous([DateOrder])
    /// No order reads every date.
    case noneFits
}

/// A day of the proleptic Gregorian calendar.
struct CivilDate: Hashable {
    var year: Int
    var month: Int
    var day: Int

    var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let lengths = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    private var isLeapYear: Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    var dayNumber: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
