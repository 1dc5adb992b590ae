/// The raw engine a figure is compared with, measured in the same run and the same unit.
struct Baseline: Sendable {
    /// What was run, e.g. "sqlite3 CLI, the same INSERTs".
    var name: String
    var value: Double
    /// The figure's ratio to this baseline when the two were measured turn about
    /// (`PairedSamples.medianRatio`), instead of the ratio of their values.
    var pairedRatio: Double?

    init(name: String, value: Double, pairedRatio: Double? = nil) {
        self.name = name
        self.value = value
        self.pairedRatio = pairedRatio
    }
}
