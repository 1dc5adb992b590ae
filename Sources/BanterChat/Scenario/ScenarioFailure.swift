import BanterScript

/// One expectation that did not hold, at the line of the step that stated it.
public struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    /// What was expected and what happened ("expected reply \"Hi\", got \"Hey\"").
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
