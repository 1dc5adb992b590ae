/// The raw engine a figure is compared with, measured in the same run and the same unit.
struct Baseline: Sendable {
    /// What was run, e.g. "sqlite3 CLI, the same INSERTs".
    var name: String
    var value: Double
}
