import BanterChat
import BanterLua
import BanterScript

/// `as "Bob" "Canberra!"`: a person of the group writes this text; the group's bots hear it
/// as a person's message (it is not a bot reply for `expect_reply`).
struct AsStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "as", [APIParameter("name", "string"), APIParameter("text", "string")],
        doc: "A person of the group (see participants) writes a message: as \"Bob\" \"hi\".")

    static let form = ScenarioStepForm.curried

    var name: String
    var text: String

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> AsStep {
        guard case .string(let name) = call[0], case .string(let text) = call[1], !text.isEmpty else {
            throw LuaCallError("as: write the person's name, then the text: as \"Bob\" \"hi\"")
        }
        return AsStep(name: name, text: text)
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        do { try runner.session.speak(as: name, text) } catch { throw .step(location, "as \"\(name)\": \(error)") }
    }
}
