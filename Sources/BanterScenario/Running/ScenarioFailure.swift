import BanterScript

/// One expectation that did not hold, at the line of the step that stated it.
public struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    /// What was expected and what happened ("expected reply \"Hi\", got \"Hey\"").
    public var message: String
    /// What the bot did for the step's message: the handler traces since the last `me`
    /// step, so a wrong reply says which handler produced it.
    public var traces: [HandlerTrace]

    public init(location: SourceLocation, message: String, traces: [HandlerTrace] = []) {
        self.location = location
        self.message = message
        self.traces = traces
    }

    public var description: String { "\(location): \(message)" }
}
