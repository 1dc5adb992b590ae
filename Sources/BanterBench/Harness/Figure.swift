/// One line of the report: a measured value, its target and, where compared, its baseline.
struct Figure: Sendable {
    var name: String
    var value: Double
    var unit: FigureUnit
    var target: Target
    var baseline: Baseline?

    /// Banter's cost relative to the baseline (above 1: Banter is slower), when compared:
    /// measured pair by pair where the two were taken turn about.
    var ratio: Double? {
        baseline.map { $0.pairedRatio ?? unit.ratio(value, to: $0.value) }
    }

    var met: Bool {
        target.isMet(value: value, ratio: ratio)
    }
}
