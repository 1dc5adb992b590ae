/// What a figure must reach: a bound on its value, on its ratio to the baseline, or both.
struct Target: Sendable {
    var value: Bound?
    var ratio: Bound?

    init(value: Bound? = nil, ratio: Bound? = nil) {
        self.value = value
        self.ratio = ratio
    }

    /// A ratio target without a measured ratio is not met: a missing baseline proves nothing.
    func isMet(value measured: Double, ratio measuredRatio: Double?) -> Bool {
        if let value, !value.admits(measured) { return false }
        if let ratio {
            guard let measuredRatio, ratio.admits(measuredRatio) else { return false }
        }
        return true
    }

    /// "<= 1 ms; ratio <= 1.5", or "none" for figures reported for information.
    func description(unit: FigureUnit) -> String {
        var parts: [String] = []
        if let value { parts.append(value.description(unit: unit)) }
        if let ratio { parts.append("ratio " + ratio.description(unit: nil)) }
        return parts.isEmpty ? "none" : parts.joined(separator: "; ")
    }
}
