/// One side of a target: a value must stay at or below, or at or above, a limit.
enum Bound: Sendable {
    case atMost(Double)
    case atLeast(Double)

    /// Whether `value` satisfies the bound.
    func admits(_ value: Double) -> Bool {
        switch self {
        case .atMost(let limit): value <= limit
        case .atLeast(let limit): value >= limit
        }
    }

    /// "<= 1 ms", ">= 5000000 messages/s"; `unit` is nil for ratios.
    func description(unit: FigureUnit?) -> String {
        let (symbol, limit) =
            switch self {
            case .atMost(let limit): ("<=", limit)
            case .atLeast(let limit): (">=", limit)
            }
        let number = NumberFormat.plain(limit)
        guard let unit else { return "\(symbol) \(number)" }
        return "\(symbol) \(number) \(unit.symbol)"
    }
}
