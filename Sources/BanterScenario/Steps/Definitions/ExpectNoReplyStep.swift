import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `expect_no_reply "5m"`: no bot message arrives within the duration.
struct ExpectNoReplyStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "expect_no_reply", [APIParameter("duration", "Duration")],
        doc: "No bot reply arrives within the duration.")

    var duration: Duration

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectNoReplyStep {
        ExpectNoReplyStep(duration: try LuaArguments.duration(call[0], "expect_no_reply"))
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.session.advance(to: runner.clock.now + duration)
        guard let first = runner.unreadReplies.first else { return }
        let more = runner.unreadReplies.count > 1 ? " (and \(runner.unreadReplies.count - 1) more)" : ""
        runner.fail(
            location,
            "expected no reply within \(DurationParser.format(duration)), got \(ScenarioText.quoted(first.text))\(more)"
        )
        runner.unreadReplies.removeAll()
    }
}
