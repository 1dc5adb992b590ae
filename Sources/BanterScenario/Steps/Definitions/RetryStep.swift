import BanterChat
import BanterLua
import BanterScript

/// `retry()`: asks the bot for another answer to your newest message on a new branch, as
/// `/retry` does in the REPL: its first answer stays on the old branch, and `expect_reply`
/// checks the new one (the bot's random source is seeded for the new branch, so it may differ). What `/save`
/// writes at the start of a branch that `/retry` made in the chat; `retry(2)` for the second
/// answer asked for there, so the bot draws what it drew in the chat.
struct RetryStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "retry", [APIParameter("attempt", "integer", optional: true)],
        doc:
            "Asks the bot for another answer to your newest message on a new branch, as /retry does.")

    var attempt: Int?

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> RetryStep {
        RetryStep(attempt: try ForkStep.attempt(call, of: name))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.leaveBranch()
        do { try runner.session.retry(attempt: attempt) } catch { throw .step(location, "retry: \(error)") }
    }
}
