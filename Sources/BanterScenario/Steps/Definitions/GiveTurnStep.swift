import BanterChat
import BanterLua
import BanterScript

/// `give_turn "Ada"`: gives the bot Ada of the group the turn, as `/next Ada` does in the
/// REPL: it hears the newest message it did not write, whatever the turn policy (under
/// `manual`, how a bot comes to answer at all). Not `next`, which is Lua's own function.
struct GiveTurnStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "give_turn", [APIParameter("name", "string")],
        doc: "Gives a bot of the group the turn, as /next NAME does: it hears the newest message it did not write.")

    var name: String

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> GiveTurnStep {
        guard case .string(let name) = call[0], !name.isEmpty else {
            throw LuaCallError("give_turn: write the name of a bot of the group: give_turn \"Quizzy\"")
        }
        return GiveTurnStep(name: name)
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        do {
            try runner.session.giveTurn(to: name)
        } catch {
            throw .step(location, "give_turn \"\(name)\": \(error)")
        }
    }
}
