import BanterCore
import BanterLua
import BanterScript

/// `expect_edit "new text"`, `expect_edit { pattern = "…" }`, `expect_edit()`: the bot
/// edits one of its messages (the next edit no step has checked), to a text that matches
/// when a matcher is given.
struct ExpectEditStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "expect_edit",
        [
            APIParameter(
                "expected", "string|ExpectEdit", optional: true, options: "ExpectEdit",
                doc: "The new text exactly, { text = } or { pattern = }; nothing for any edit."),
            APIParameter("options", "ExpectReplyOptions", optional: true, options: "ExpectReplyOptions"),
        ],
        doc: "The bot edits one of its messages (the next edit not yet checked).")

    static let optionTables = [
        APIClass(
            "ExpectEdit", doc: "The table form of `expect_edit { … }`.",
            fields: [
                APIField("text", "string", doc: "The new text is exactly this."),
                APIField("pattern", "string", doc: "The new text contains a match of this Lua pattern."),
                ScenarioOptionTables.within,
            ]),
        ScenarioOptionTables.waiting,
    ]

    static let form = ScenarioStepForm.checksPattern

    var matcher: ReplyMatcher?
    var within: Duration

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectEditStep {
        let name = "expect_edit"
        var step = ExpectEditStep(within: try call.timeout(at: 1, name))
        switch call[0] {
        case .nil: break
        case .string(let text): step.matcher = .exact(text)
        case .table(let options):
            try LuaArguments.checkKeys(options, name, known: optionTables[0].fieldNames)
            if !options["within"].isNil {
                step.within = try LuaArguments.duration(options["within"], "\(name): within")
            }
            step.matcher = try ScenarioStepCall.textMatcher(options, name)
        case let other:
            throw LuaCallError("\(name): expected the new text, { pattern = \"…\" } or nothing, got \(other.typeName)")
        }
        return step
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let wanted =
            switch matcher {
            case .exact(let text)?: "an edit to \(ScenarioText.quoted(text))"
            case .pattern(let pattern)?: "an edit matching \(ScenarioText.quoted(pattern))"
            case .predicate?: "an edit accepted by the predicate"
            case nil: "an edit"
            }
        guard let edited = runner.next(from: \.unreadEdits, deadline: runner.clock.now + within) else {
            runner.fail(location, "expected \(wanted) within \(DurationParser.format(within)), got no edit")
            return
        }
        do {
            if try !runner.script.matches(matcher, text: edited.text, now: runner.clock.now) {
                runner.fail(location, "expected \(wanted), got an edit to \(ScenarioText.quoted(edited.text))")
            }
        } catch {
            throw .script(error)
        }
    }
}
