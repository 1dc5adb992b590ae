import BanterChat
import BanterLua
import BanterScript

/// `fork()`: goes back to your newest message and goes on from there on a new branch, as
/// `/fork` does in the REPL: the bot's replies to it and its paused work are left on the old
/// branch, the clock is back at the message's time and the bot remembers what it did then.
/// What `/save` writes at the start of a branch forked in the chat.
struct ForkStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "fork",
        doc:
            "Goes back to your newest message on a new branch, as /fork does: the replies after it stay on the old branch."
    )

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ForkStep {
        ForkStep()
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.leaveBranch()
        do { try runner.session.fork(at: .newest) } catch { throw .step(location, "fork: \(error)") }
    }
}
