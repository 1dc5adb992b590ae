import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `expect_typing()`, `expect_typing(false)`: the typing indicator is showing (or not) now.
struct ExpectTypingStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "expect_typing", [APIParameter("showing", "boolean", optional: true)],
        doc: "The typing indicator is showing now (or, with false, is not).")

    var showing: Bool

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectTypingStep {
        switch call[0] {
        case .nil: return ExpectTypingStep(showing: true)
        case .boolean(let flag): return ExpectTypingStep(showing: flag)
        case let other: throw LuaCallError("expect_typing: expected true, false or nothing, got \(other.typeName)")
        }
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let session = runner.session
        let typing = session.typingUntil.map { $0 > runner.clock.now } ?? false
        guard typing != showing else { return }
        runner.fail(
            location,
            showing
                ? "expected the typing indicator, but \(session.participant.name) is not typing"
                : "expected no typing indicator, but \(session.participant.name) is typing")
    }
}
