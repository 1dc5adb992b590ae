import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `grouping { section_gap = "30m" }`: the grouping rules change from this step on.
struct GroupingStep: ScenarioStepDefinition {
    static let function = SharedAPI.grouping
    static let optionTables = [SharedAPI.groupingOptions]

    var change: GroupingChange

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> GroupingStep {
        GroupingStep(change: try LuaArguments.grouping(call[0], "grouping"))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        do {
            try runner.session.apply(change)
        } catch {
            throw .step(location, "grouping: \(error)")
        }
    }
}
