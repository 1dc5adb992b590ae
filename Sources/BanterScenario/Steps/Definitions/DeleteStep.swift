import BanterChat
import BanterLua
import BanterScript

/// `delete()`, `delete { to = -2 }`: the user deletes their `target`-th newest message;
/// the bot's `on_delete` runs.
struct DeleteStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "delete", [APIParameter("options", "TargetOptions", optional: true, options: "TargetOptions")],
        doc: "You delete your newest message (or { to = -N }); the bot's on_delete runs.")

    static let optionTables = [ScenarioOptionTables.target]

    var target: Int

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> DeleteStep {
        DeleteStep(target: try call.targetOption(at: 0, "delete"))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let session = runner.session
        do {
            try session.delete(try session.resolve(.newestBut(target), for: .delete))
        } catch {
            throw .step(location, "delete: \(error)")
        }
    }
}
