import BanterChat
import BanterLua
import BanterScript

/// `edit "the new text"`, `edit("…", { to = -2 })`: the user edits their `target`-th
/// newest message; the bot's `on_edit` runs.
struct EditStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "edit",
        [
            APIParameter("text", "string"),
            APIParameter("options", "TargetOptions", optional: true, options: "TargetOptions"),
        ],
        doc: "You edit your newest message (or { to = -N }); the bot's on_edit runs.")

    static let optionTables = [ScenarioOptionTables.target]

    var text: String
    var target: Int

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> EditStep {
        let text = try LuaArguments.text(call.arguments, "edit", example: "edit \"the new text\"")
        return EditStep(text: text, target: try call.targetOption(at: 1, "edit"))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let session = runner.session
        do {
            try session.edit(try session.resolve(.newestBut(target), for: .edit), text: text)
        } catch {
            throw .step(location, "edit: \(error)")
        }
    }
}
