import BanterLua

/// One line of a scenario, collected when the script loads and run later on a virtual clock.
package struct ScenarioStep: Sendable {
    package var location: SourceLocation
    /// What the step does or checks: a value of one of `ScenarioStepTable.all`'s types.
    var action: any ScenarioStepDefinition
    /// The step as the script wrote it (its verb and plain arguments), so that tools that
    /// rewrite scenarios (`banter shrink`) can write it back without knowing the verb.
    package var written: WrittenStep

    init(location: SourceLocation, action: any ScenarioStepDefinition, written: WrittenStep) {
        self.location = location
        self.action = action
        self.written = written
    }
}

/// A step call as plain data: the verb's name and what was passed to it. A function passed
/// to a step (an `expect_reply` predicate) is not data: `hasFunction` says one was.
package struct WrittenStep: Hashable, Sendable {
    package var verb: String
    package var arguments: [LuaValue]
    package var hasFunction: Bool

    package init(verb: String, arguments: [LuaValue], hasFunction: Bool = false) {
        self.verb = verb
        self.arguments = arguments
        self.hasFunction = hasFunction
    }
}
