import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `mark_delivered()`: the other side marks the user's messages delivered.
struct MarkDeliveredStep: ScenarioStepDefinition {
    static let function = APIFunction("mark_delivered", doc: "The other side marks your messages delivered.")

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> MarkDeliveredStep {
        MarkDeliveredStep()
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.session.botMarked(.delivered)
    }
}
