import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `react "👍"`, `react("👍", { to = -2 })`: the user reacts to (or takes back a reaction
/// on) the other side's `target`-th newest message.
struct ReactStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "react",
        [
            APIParameter("emoji", "string"),
            APIParameter("options", "TargetOptions", optional: true, options: "TargetOptions"),
        ],
        doc: "You react to the other side's newest message (or { to = -N }); again to take it back.")

    static let optionTables = [ScenarioOptionTables.target]

    var emoji: String
    var target: Int

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ReactStep {
        let emoji = try LuaArguments.text(call.arguments, "react", example: "react \"👍\"")
        guard Reaction.isValidEmoji(emoji) else {
            throw LuaCallError("react: \"\(emoji)\" is not one emoji (e.g. \"👍\")")
        }
        return ReactStep(emoji: emoji, target: try call.targetOption(at: 1, "react"))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let session = runner.session
        do {
            try session.react(to: try session.resolve(.newestBut(target), for: .react), with: emoji)
        } catch {
            throw .step(location, "react: \(error)")
        }
    }
}
