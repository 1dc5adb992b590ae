/// One line of a scenario, collected when the script loads and run later on a virtual clock.
public struct ScenarioStep: Sendable {
    public var location: SourceLocation
    /// What the step does or checks: a value of one of `ScenarioStepTable.all`'s types.
    var action: any ScenarioStepDefinition

    init(location: SourceLocation, action: any ScenarioStepDefinition) {
        self.location = location
        self.action = action
    }
}
