import BanterChat
import BanterLua
import BanterScript

/// `retry()`: asks the bot for another answer to your newest message on a new branch, as
/// `/retry` does in the REPL: its first answer stays on the old branch, and `expect_reply`
/// checks the new one (the bot's random source goes on, so it may differ). What `/save`
/// writes at the start of a branch that `/retry` made in the chat.
struct RetryStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "retry",
        doc:
            "Asks the bot for another answer to your newest message on a new branch, as /retry does.")

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> RetryStep {
        RetryStep()
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.leaveBranch()
        do { try runner.session.retry() } catch { throw .step(location, "retry: \(error)") }
    }
}
