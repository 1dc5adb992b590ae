import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `tap "Yes"`, `tap(2)`, `tap { payload = "size:large" }`, `tap { label = "Yes", to = -2 }`:
/// you pick a button, quick reply or card button of the other side's newest message that
/// offers any (or the `to`-th newest with buttons), waiting up to a minute of virtual time
/// for it to be offered. The label is sent as your message; the bot gets the payload.
struct TapStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "tap", [APIParameter("choice", "string|integer|TapOptions", options: "TapOptions")],
        doc: "You pick a button or quick reply by label, number or payload; the bot's on_button gets the payload.")

    static let optionTables = [
        APIClass(
            "TapOptions", doc: "The table form of `tap { … }`: one of label, number, payload; which message.",
            fields: [
                APIField("label", "string", doc: "The label of the button to pick."),
                APIField("number", "integer", doc: "Its number as drawn ([2 No])."),
                APIField("payload", "string", doc: "Its payload."),
                APIField("to", "integer", doc: "The other side's N-th newest message with buttons (-1: the newest)."),
                ScenarioOptionTables.within,
            ])
    ]

    var selector: ChatSession.ChoiceSelector
    /// The N-th newest message with buttons; nil: the newest that offers any choice.
    var target: Int?
    var within = ScenarioScript.defaultReplyTimeout

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> TapStep {
        switch call[0] {
        case .string(let label):
            return TapStep(selector: .label(label))
        case .integer(let number) where number > 0:
            return TapStep(selector: .number(Int(number)))
        case .table(let options):
            try LuaArguments.checkKeys(options, "tap", known: optionTables[0].fieldNames)
            var selectors: [ChatSession.ChoiceSelector] = []
            if let label = try LuaArguments.optionalString(options["label"], "tap: label") {
                selectors.append(.label(label))
            }
            if let payload = try LuaArguments.optionalString(options["payload"], "tap: payload") {
                selectors.append(.payload(payload))
            }
            switch options["number"] {
            case .nil: break
            case .integer(let number) where number > 0: selectors.append(.number(Int(number)))
            case let other:
                throw LuaCallError("tap: number must be a positive integer, got \(LuaState.printable(other))")
            }
            guard selectors.count == 1, let selector = selectors.first else {
                throw LuaCallError("tap: give one of label = \"…\", number = N or payload = \"…\"")
            }
            var step = TapStep(selector: selector)
            if !options["to"].isNil { step.target = try ScenarioStepCall.target(options["to"], "tap: to") }
            if !options["within"].isNil { step.within = try LuaArguments.duration(options["within"], "tap: within") }
            return step
        case let other:
            throw LuaCallError(
                "tap: expected a label (tap \"Yes\"), a number (tap(2)) or { payload = \"…\" }, got \(LuaState.printable(other))"
            )
        }
    }

    /// Like `me`, a tap starts a new exchange. When nothing offers the choice yet, the bot
    /// is given up to `within` of virtual time to offer it; then the session's refusal,
    /// which names what was offered, fails the step at its line.
    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.stepTraces.removeAll()
        let session = runner.session
        if !offered(on: session) {
            _ = session.advance(to: runner.clock.now + within) { offered(on: session) }
        }
        do {
            let message = try target.map { count throws(ChatError) in try session.resolve(.newestBut(count), for: .tap)
            }
            try session.pick(selector, on: message)
        } catch {
            throw .step(location, "tap: \(error)")
        }
    }

    private func offered(on session: ChatSession) -> Bool {
        if let target {
            guard let message = try? session.resolve(.newestBut(target), for: .tap) else { return false }
            return ChatSession.find(selector, in: session.choices(of: message)) != nil
        }
        guard let (_, choices) = session.newestWithChoices else { return false }
        return ChatSession.find(selector, in: choices) != nil
    }
}
