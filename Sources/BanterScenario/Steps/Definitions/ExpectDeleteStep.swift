import BanterCore
import BanterLua
import BanterScript

/// `expect_delete "what it read"`, `expect_delete()`: the bot deletes one of its messages
/// (the next deletion no step has checked), one that read this text when given.
struct ExpectDeleteStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "expect_delete",
        [
            APIParameter("text", "string", optional: true, doc: "What the deleted message read."),
            APIParameter("options", "ExpectReplyOptions", optional: true, options: "ExpectReplyOptions"),
        ],
        doc: "The bot deletes one of its messages (the next deletion not yet checked).")

    static let optionTables = [ScenarioOptionTables.waiting]

    var text: String?
    var within: Duration

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectDeleteStep {
        let name = "expect_delete"
        let text = try LuaArguments.optionalString(call[0], "\(name): the deleted text")
        return ExpectDeleteStep(text: text, within: try call.timeout(at: 1, name))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let wanted = text.map { "a deletion of \(ScenarioText.quoted($0))" } ?? "a deletion"
        guard let deleted = runner.next(from: \.unreadDeletions, deadline: runner.clock.now + within) else {
            runner.fail(location, "expected \(wanted) within \(DurationParser.format(within)), got no deletion")
            return
        }
        if let text, deleted.text != text {
            runner.fail(location, "expected \(wanted), got a deletion of \(ScenarioText.quoted(deleted.text))")
        }
    }
}
