/// A suite entry that runs a scenario with one script file read from another file: how
/// `banter mutate` hands a worker "this scenario, with this bot file replaced by that
/// mutant". On the wire it is one string, the three paths joined by NUL bytes, which no
/// path can hold, so an ordinary scenario path is never mistaken for one.
struct OverriddenScenario: Hashable, Sendable {
    var scenario: String
    /// The file the scenario's bot reads (absolute), and the file read in its place.
    var file: String
    var replacement: String

    var entry: String { [scenario, file, replacement].joined(separator: "\u{0}") }

    init(scenario: String, file: String, replacement: String) {
        self.scenario = scenario
        self.file = file
        self.replacement = replacement
    }

    /// The entry's parts; nil for a plain scenario path.
    init?(entry: String) {
        let parts = entry.split(separator: "\u{0}", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        self.init(scenario: String(parts[0]), file: String(parts[1]), replacement: String(parts[2]))
    }
}
