import BanterScript

/// One expectation that did not hold, at the line of the step that stated it.
package struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
    package var location: SourceLocation
    /// What was expected and what happened ("expected reply \"Hi\", got \"Hey\"").
    package var message: String
    /// What the bot did for the step's message: the handler traces since the last `me`
    /// step, so a wrong reply says which handler produced it.
    package var traces: [HandlerTrace]

    package init(location: SourceLocation, message: String, traces: [HandlerTrace] = []) {
        self.location = location
        self.message = message
        self.traces = traces
    }

    package var description: String { "\(location): \(message)" }
}
