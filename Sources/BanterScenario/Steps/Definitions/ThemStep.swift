import BanterChat
import BanterLua
import BanterScript

/// `them "hello"`: the other side writes this text without the bot.
struct ThemStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "them", [APIParameter("text", "string")], doc: "The other side writes a message without the bot.")

    var text: String

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ThemStep {
        ThemStep(text: try LuaArguments.text(call.arguments, "them", example: "them \"hello\""))
    }

    /// Not a bot reply: `expect_reply` does not take it.
    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.isInjecting = true
        defer { runner.isInjecting = false }
        do { try runner.session.receive(text) } catch { throw .step(location, "them: \(error)") }
    }
}
