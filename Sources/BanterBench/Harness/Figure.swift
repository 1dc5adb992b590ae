/// One line of the report: a measured value, its target and, where compared, its baseline.
struct Figure: Sendable {
    var name: String
    var value: Double
    var unit: FigureUnit
    var target: Target
    var baseline: Baseline?

    /// Banter's cost relative to the baseline (above 1: Banter is slower), when compared.
    var ratio: Double? {
        baseline.map { unit.ratio(value, to: $0.value) }
    }

    var met: Bool {
        target.isMet(value: value, ratio: ratio)
    }
}

extension Figure: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, value, unit, target, ratio, baseline, met
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(NumberFormat.rounded(value), forKey: .value)
        try container.encode(unit.symbol, forKey: .unit)
        try container.encode(target.description(unit: unit), forKey: .target)
        try container.encodeIfPresent(ratio.map(NumberFormat.rounded), forKey: .ratio)
        if let baseline {
            try container.encode(
                Baseline(name: baseline.name, value: NumberFormat.rounded(baseline.value)), forKey: .baseline)
        }
        try container.encode(met, forKey: .met)
    }
}
