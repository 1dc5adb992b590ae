import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `expect_status "read"`: the status of the user's newest message.
struct ExpectStatusStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "expect_status", [APIParameter("status", "\"sending\"|\"sent\"|\"delivered\"|\"read\"")],
        doc: "The status of your newest message.")

    var status: DeliveryStatus

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectStatusStep {
        let text = try LuaArguments.text(call.arguments, "expect_status", example: "expect_status \"read\"")
        guard let status = DeliveryStatus(rawValue: text) else {
            throw LuaCallError("expect_status: unknown status \"\(text)\" (known: sending, sent, delivered, read)")
        }
        return ExpectStatusStep(status: status)
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        guard let newest = runner.session.messages.last(where: { $0.sender == .me }) else {
            runner.fail(location, "expected status \(status.rawValue), but no message was sent")
            return
        }
        if newest.status != status {
            runner.fail(
                location,
                "expected status \(status.rawValue) on \(ScenarioText.quoted(newest.text)), got \(newest.status.rawValue)"
            )
        }
    }
}
