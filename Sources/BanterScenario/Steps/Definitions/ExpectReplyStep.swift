import BanterCore
import BanterLua
import BanterScript

/// `expect_reply "Hi"`, `expect_reply { pattern = "^Hi", file = "menu.png", quote = "…" }`,
/// `expect_reply(function(text) … end)`: the bot's next reply not yet checked, waiting up
/// to `within` of virtual time for it, has this text, file and quoted first line (each
/// when given).
struct ExpectReplyStep: ScenarioStepDefinition, CustomStringConvertible {
    static let function = APIFunction(
        "expect_reply",
        [
            APIParameter(
                "expected", "string|ExpectReply|fun(text: string): any", options: "ExpectReply",
                doc: "The exact text, { text = } or { pattern = }, or a predicate."),
            APIParameter("options", "ExpectReplyOptions", optional: true, options: "ExpectReplyOptions"),
        ],
        doc: "The bot's next unchecked reply must match (waiting up to a minute of virtual time).")

    static let optionTables = [
        APIClass(
            "ExpectReply", doc: "The table form of `expect_reply { … }`: text or pattern, file, quote.",
            fields: [
                APIField("text", "string", doc: "The reply is exactly this text."),
                APIField("pattern", "string", doc: "The reply contains a match of this Lua pattern."),
                APIField("file", "string", doc: "The reply carries a file with this name."),
                APIField(
                    "quote", "string|true", doc: "The reply quotes a message whose first line is this text (true: any)."
                ),
                APIField("from", "string", doc: "In a group, the reply is from the participant of this name."),
                ScenarioOptionTables.within,
            ] + ActionsExpectation.fields + MessageField.all.compactMap(\.scenarioField)),
        ScenarioOptionTables.waiting,
        ActionsExpectation.cardTable,
    ]

    static let form = ScenarioStepForm.takesPredicate

    var text: ReplyMatcher?
    var fileName: String?
    /// The quoted message's first line; `""` accepts any quote.
    var quote: String?
    /// Declared fields the reply must have these values of (`MessageField.scenarioKey`).
    var fields = MessageFieldValues()
    /// The buttons, quick replies and card it must carry (the keys given).
    var actions = ActionsExpectation()
    var within: Duration

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectReplyStep {
        let name = "expect_reply"
        var step = ExpectReplyStep(within: try call.timeout(at: 1, name))
        if let predicate = call.predicate {
            step.text = .predicate(predicate)
            return step
        }
        switch call[0] {
        case .string(let text):
            step.text = .exact(text)
        case .table(let options):
            try LuaArguments.checkKeys(options, name, known: optionTables[0].fieldNames)
            if !options["within"].isNil {
                step.within = try LuaArguments.duration(options["within"], "\(name): within")
            }
            step.text = try ScenarioStepCall.textMatcher(options, name)
            step.fileName = try LuaArguments.optionalString(options["file"], "\(name): file")
            switch options["quote"] {
            case .nil: break
            case .boolean(true): step.quote = ""
            case .string(let text): step.quote = text
            case let other: throw LuaCallError("\(name): quote must be the quoted text or true, got \(other.typeName)")
            }
            for field in MessageField.all {
                guard let key = field.scenarioKey else { continue }
                step.fields[field] = try fieldValue(options[key], field, "\(name): \(key)")
            }
            if let from = try LuaArguments.optionalString(options["from"], "\(name): from") {
                step.fields[.participant] = .text(from)
            }
            step.actions = try ActionsExpectation.parse(options, name)
            guard
                step.text != nil || step.fileName != nil || step.quote != nil || step.fields != MessageFieldValues()
                    || !step.actions.isEmpty
            else {
                throw LuaCallError(
                    "\(name): give text = \"…\", pattern = \"…\", file = \"…\", quote = \"…\", from = \"…\", buttons = { … } or card = { … }"
                )
            }
        case let other:
            throw LuaCallError("\(name): expected text, { pattern = \"…\" } or a function, got \(other.typeName)")
        }
        return step
    }

    /// A Lua value given for a declared field, in the field's shape.
    private static func fieldValue(
        _ value: LuaValue, _ field: MessageField, _ place: String
    ) throws(LuaCallError) -> FieldValue {
        let converted: FieldValue? =
            switch (field.kind, value) {
            case (_, .nil): FieldValue.null
            case (.boolean, .boolean(let flag)): .boolean(flag)
            case (.integer, .integer(let number)), (.messageID, .integer(let number)): .integer(number)
            case (.text, .string(let text)): .text(text)
            default: nil
            }
        guard let converted else { throw LuaCallError("\(place) must be \(field.expected), got \(value.typeName)") }
        if let problem = field.problem(with: converted) { throw LuaCallError("\(place): \(problem)") }
        return converted
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        guard let reply = runner.next(from: \.unreadReplies, deadline: runner.clock.now + within) else {
            runner.fail(location, "expected \(self) within \(DurationParser.format(within)), got no reply")
            return
        }
        let textAccepted: Bool
        do {
            textAccepted = try runner.script.matches(text, text: reply.text, now: runner.clock.now)
        } catch {
            throw .script(error)
        }
        let fileAccepted = fileName.map { $0 == reply.attachment?.fileName } ?? true
        let quoteAccepted =
            quote.map { wanted in
                reply.quote.map { wanted.isEmpty || $0.excerpt == wanted } ?? false
            } ?? true
        let fieldsAccepted = MessageField.all.allSatisfy { field in
            fields[field].isNull || fields[field] == reply.fields[field]
        }
        if !(textAccepted && fileAccepted && quoteAccepted && fieldsAccepted && actions.accepts(reply.actions)) {
            runner.fail(location, "expected \(self), got \(ScenarioRunner.describeReply(reply))")
        }
    }

    /// `reply "Hi"`, `reply with file "menu.png"`, `reply "Yes" quoting "Dinner?"`.
    var description: String {
        var parts = [text?.description ?? "reply"]
        if let fileName { parts.append("with file \(ScenarioText.quoted(fileName))") }
        if let quote { parts.append(quote.isEmpty ? "quoting a message" : "quoting \(ScenarioText.quoted(quote))") }
        for field in MessageField.all {
            if let key = field.scenarioKey, let value = ScenarioRunner.describe(fields[field]) {
                parts.append("with \(key) = \(value)")
            }
        }
        if !actions.isEmpty { parts.append(actions.description) }
        return parts.joined(separator: " ")
    }
}
