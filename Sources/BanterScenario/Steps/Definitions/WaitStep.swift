import BanterChat
import BanterLua
import BanterScript

/// `wait "2h"`: time passes on the virtual clock; the bot's scheduled work runs on the way.
struct WaitStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "wait", [APIParameter("duration", "Duration")], doc: "Time passes on the virtual clock.")

    var duration: Duration

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> WaitStep {
        WaitStep(duration: try LuaArguments.duration(call[0], "wait"))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.session.wait(duration)
    }
}
