import BanterCore
import BanterLua
import BanterScript

/// `expect_section "Today 21:00"`, `expect_section()`: the next message opens a section,
/// under this header text when given.
struct ExpectSectionStep: NextMessageExpectation {
    static let function = APIFunction(
        "expect_section", [APIParameter("header", "string", optional: true)],
        doc: "The next message opens a new section (with this header text).")

    var header: String?

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectSectionStep {
        ExpectSectionStep(header: try LuaArguments.optionalString(call[0], "expect_section: the header"))
    }

    var unmet: String {
        header.map { "expected the next message to open section \(ScenarioText.quoted($0))" }
            ?? "expected the next message to open a section"
    }

    func check(_ next: NextMessage, in runner: ScenarioRunner) -> String? {
        guard next.opensSection else {
            return
                "expected \(next.quoted) to open a section, but it follows \(next.previousQuoted) in the same section"
        }
        guard let header else { return nil }
        var formatter = runner.headerFormatter
        formatter.pattern = next.rules.headerPattern
        let actual = formatter.format(next.message.sentAt, now: runner.clock.now)
        return actual == header
            ? nil : "expected section \(ScenarioText.quoted(header)), got \(ScenarioText.quoted(actual))"
    }
}
