import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `mark_read()`: the other side marks the user's messages read.
struct MarkReadStep: ScenarioStepDefinition {
    static let function = APIFunction("mark_read", doc: "The other side marks your messages read.")

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> MarkReadStep {
        MarkReadStep()
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.session.botMarked(.read)
    }
}
