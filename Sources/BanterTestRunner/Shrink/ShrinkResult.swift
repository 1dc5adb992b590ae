/// What `banter shrink` found: the smallest scenario it wrote and how it differs from the
/// original, for the lines it prints.
package struct ShrinkResult: Sendable {
    /// A step left out, as the original wrote it.
    package struct Removed: Sendable {
        package var line: Int
        package var step: String
    }

    /// A step kept in a simpler form.
    package struct Change: Sendable {
        package var line: Int
        package var before: String
        package var after: String
    }

    package var originalPath: String
    package var minimalPath: String
    package var originalStepCount: Int
    package var minimalStepCount: Int
    /// The failing step's line in the minimal scenario, and in the original.
    package var failureLine: Int
    package var originalFailureLine: Int
    package var failureMessage: String
    package var removed: [Removed]
    package var changed: [Change]
    /// Settings of `scenario { … }` left at their defaults.
    package var settingsDropped: [String]
    package var candidatesRun: Int
    /// Whether `--budget` ran out before the scenario was as small as shrinking can make it.
    package var stoppedAtBudget: Bool
    package var seconds: Double
}
