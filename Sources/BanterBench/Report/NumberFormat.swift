import Foundation

/// How figures are written in the table: readable, about three significant digits.
enum NumberFormat {
    /// "1 234 567", "12.3", "0.0421": thousands grouped, about three significant digits.
    static func plain(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 10_000 { return grouped(Int(value.rounded())) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 || magnitude == 0 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }

    private static func grouped(_ value: Int) -> String {
        var digits = String(abs(value))
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "-" : "") + groups.joined(separator: " ")
    }
}
