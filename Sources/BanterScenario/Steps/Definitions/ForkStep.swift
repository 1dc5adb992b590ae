import BanterChat
import BanterLua
import BanterScript

/// `fork()`: goes back to your newest message and goes on from there on a new branch, as
/// `/fork` does in the REPL: the bot's replies to it and its paused work are left on the old
/// branch, the clock is back at the message's time and the bot remembers what it did then.
/// What `/save` writes at the start of a branch forked in the chat; `fork(2)` when the chat
/// had forked there before, so the bot's random source is seeded as it was in the chat.
struct ForkStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "fork", [APIParameter("attempt", "integer", optional: true)],
        doc:
            "Goes back to your newest message on a new branch, as /fork does: the replies after it stay on the old branch."
    )

    var attempt: Int?

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ForkStep {
        ForkStep(attempt: try attempt(call, of: name))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.leaveBranch()
        do { try runner.session.fork(at: .newest, attempt: attempt) } catch { throw .step(location, "fork: \(error)") }
    }

    /// The optional first argument of `fork` and `retry`: which branch forked at the message
    /// this one is (1 for the first), as `/save` wrote it.
    static func attempt(_ call: ScenarioStepCall, of verb: String) throws(LuaCallError) -> Int? {
        switch call[0] {
        case .nil: return nil
        case .integer(let number) where number > 0 && number <= 1_000_000: return Int(number)
        case let other:
            throw LuaCallError(
                "\(verb): the attempt must be a positive integer (which branch forked at this message: 2 for the second), got \(LuaState.printable(other))"
            )
        }
    }
}
