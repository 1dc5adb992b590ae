import BanterCore
import Foundation

/// Receives the scenario functions' calls while the script loads: the `scenario { … }`
/// declaration and the steps, each stamped with the file:line it was written at.
final class ScenarioCollector {
    let scriptPath: String
    let fileName: String
    weak var state: LuaState?
    var settings: ScenarioSettings?
    var steps: [ScenarioStep] = []

    init(scriptPath: String) {
        self.scriptPath = scriptPath
        fileName = URL(fileURLWithPath: scriptPath).lastPathComponent
    }

    /// The scenario's folder: where a relative bot path is resolved.
    var folder: URL { URL(fileURLWithPath: scriptPath).deletingLastPathComponent() }

    func declare(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard settings == nil else { throw LuaCallError("scenario: declared twice") }
        guard steps.isEmpty else { throw LuaCallError("scenario: declare it before the first step") }
        let example = "scenario { bot = \"../bots/alisha.lua\", start = \"2026-11-20 19:00\" }"
        let options = try LuaArguments.table(arguments.first ?? .nil, "scenario", example: example)
        try LuaArguments.checkKeys(options, "scenario", known: ScenarioAPI.scenarioOptions.fieldNames)

        let zoneName = try LuaArguments.optionalString(options["time_zone"], "scenario: time_zone")
            ?? ScenarioSettings.defaultTimeZone
        guard let zone = TimeZone(identifier: zoneName) else {
            throw LuaCallError("scenario: unknown time_zone \"\(zoneName)\" (use a name like \"Europe/Paris\" or \"UTC\")")
        }
        let startText = try LuaArguments.optionalString(options["start"], "scenario: start")
            ?? ScenarioSettings.defaultStart
        guard let parsed = try? SeedTime.parse(startText), case .absolute = parsed else {
            throw LuaCallError("scenario: start must be a local date and time like \"2026-11-20 19:00\", got \"\(startText)\"")
        }
        let start = parsed.resolve(now: Timestamp(millisecondsSince1970: 0), timeZone: zone)
        let botPath = try LuaArguments.optionalString(options["bot"], "scenario: bot").map { path in
            URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL.path
        }
        let grouping = options["grouping"].isNil ? nil : try LuaArguments.grouping(options["grouping"], "scenario: grouping")
        var seed: UInt64 = 0
        switch options["seed"] {
        case .nil: break
        case .integer(let value): seed = UInt64(bitPattern: value)
        case let other: throw LuaCallError("scenario: seed must be a whole number, got \(other.typeName)")
        }
        let title = try LuaArguments.optionalString(options["title"], "scenario: title")
            ?? URL(fileURLWithPath: scriptPath).deletingPathExtension().lastPathComponent
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LuaCallError("scenario: title must not be empty")
        }
        var width: Int?
        switch options["width"] {
        case .nil: break
        case .integer(let columns) where ScenarioSettings.widths.contains(Int(columns)): width = Int(columns)
        case let other:
            throw LuaCallError("scenario: width must be a whole number of columns from \(ScenarioSettings.widths.lowerBound) to \(ScenarioSettings.widths.upperBound), got \(LuaState.printable(other))")
        }
        var memory: [String: String] = [:]
        switch options["memory"] {
        case .nil: break
        case .table(let table) where table.array.isEmpty:
            for (key, value) in table.fields {
                do { memory[key] = try MemoryCodec.encode(value, path: "memory.\(key)") } catch {
                    throw LuaCallError("scenario: \(error.message)")
                }
            }
        case let other:
            throw LuaCallError("scenario: memory must be a table with named fields, got \(LuaState.printable(other))")
        }
        settings = ScenarioSettings(
            botPath: botPath, start: start, timeZone: zone, grouping: grouping, randomSeed: seed, title: title, width: width)
        settings?.memory = memory
        return .none
    }

    /// Adds a step at the caller's line; steps need the declaration first.
    func add(_ action: ScenarioStep.Action, _ name: String) throws(LuaCallError) -> LuaReturn {
        guard settings != nil else {
            throw LuaCallError("\(name): declare the scenario first, e.g. scenario { bot = \"../bots/alisha.lua\" }")
        }
        steps.append(ScenarioStep(location: callerLocation(), action: action))
        return .none
    }

    /// The script line that called the running host function.
    private func callerLocation() -> SourceLocation {
        guard let state, let thread = state.callingThread,
              let location = state.innermostScriptLocation(in: thread) else {
            return SourceLocation(file: fileName, line: 0)
        }
        return SourceLocation(file: location.file, line: location.line)
    }

    // MARK: Steps

    func me(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard case .table(let options) = arguments.first ?? .nil else {
            return try add(.me(ScenarioMessage(text: LuaArguments.text(arguments, "me", example: "me \"hi\""))), "me")
        }
        try LuaArguments.checkKeys(options, "me", known: ScenarioAPI.meOptions.fieldNames)
        var message = ScenarioMessage(text: try LuaArguments.optionalString(options["text"], "me: text") ?? "")
        if let file = try LuaArguments.optionalString(options["file"], "me: file") {
            message.file = try BotFiles.read(
                file, botDirectory: folder.path, function: "me", folderLabel: "the scenario's folder")
        }
        switch options["quote"] {
        case .nil, .boolean(false): break
        case .boolean(true): message.quote = 1
        case let value: message.quote = try Self.target(value, "me: quote")
        }
        guard !message.text.isEmpty || message.file != nil else {
            throw LuaCallError("me: give text = \"…\", file = \"…\" or both")
        }
        return try add(.me(message), "me")
    }

    func react(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let emoji = try LuaArguments.text(arguments, "react", example: "react \"👍\"")
        guard Reaction.isValidEmoji(emoji) else { throw LuaCallError("react: \"\(emoji)\" is not one emoji (e.g. \"👍\")") }
        return try add(.react(emoji, target: try targetOption(arguments.count > 1 ? arguments[1] : .nil, "react")), "react")
    }

    func edit(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let text = try LuaArguments.text(arguments, "edit", example: "edit \"the new text\"")
        return try add(.edit(text, target: try targetOption(arguments.count > 1 ? arguments[1] : .nil, "edit")), "edit")
    }

    func delete(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.delete(target: try targetOption(arguments.first ?? .nil, "delete")), "delete")
    }

    /// The `{ to = -N }` option of `react`, `edit` and `delete` (1 without it).
    private func targetOption(_ value: LuaValue, _ name: String) throws(LuaCallError) -> Int {
        guard !value.isNil else { return 1 }
        let options = try LuaArguments.table(value, "\(name): options", example: "{ to = -2 }")
        try LuaArguments.checkKeys(options, name, known: ScenarioAPI.targetOptions.fieldNames)
        return options["to"].isNil ? 1 : try Self.target(options["to"], "\(name): to")
    }

    /// A message counted from the newest: `-1` (the newest), `-2`…
    static func target(_ value: LuaValue, _ place: String) throws(LuaCallError) -> Int {
        guard case .integer(let number) = value, number < 0, number >= -1_000_000 else {
            throw LuaCallError("\(place) must be -1 for the newest message, -2 for the one before, …; got \(LuaState.printable(value))")
        }
        return Int(-number)
    }

    func them(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.them(LuaArguments.text(arguments, "them", example: "them \"hello\"")), "them")
    }

    func wait(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.wait(LuaArguments.duration(arguments.first ?? .nil, "wait")), "wait")
    }

    func expectReply(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let name = "expect_reply"
        var within = try timeout(arguments.count > 1 ? arguments[1] : .nil, name)
        var expectation = ReplyExpectation()
        switch arguments.first ?? .nil {
        case .string(let text):
            expectation.text = .exact(text)
        case .table(let options):
            try LuaArguments.checkKeys(options, name, known: ScenarioAPI.expectReply.fieldNames)
            if !options["within"].isNil { within = try LuaArguments.duration(options["within"], "\(name): within") }
            expectation.text = try Self.textMatcher(options, name)
            expectation.fileName = try LuaArguments.optionalString(options["file"], "\(name): file")
            switch options["quote"] {
            case .nil: break
            case .boolean(true): expectation.quote = ""
            case .string(let text): expectation.quote = text
            case let other: throw LuaCallError("\(name): quote must be the quoted text or true, got \(other.typeName)")
            }
            for field in MessageField.all {
                guard let key = field.scenarioKey else { continue }
                expectation.fields[field] = try Self.fieldValue(options[key], field, "\(name): \(key)")
            }
            guard expectation != ReplyExpectation() else {
                throw LuaCallError("\(name): give text = \"…\", pattern = \"…\", file = \"…\" or quote = \"…\"")
            }
        case let other:
            throw LuaCallError("\(name): expected text, { pattern = \"…\" } or a function, got \(other.typeName)")
        }
        return try add(.expectReply(expectation, within: within), name)
    }

    /// A Lua value given for a declared field, in the field's shape.
    private static func fieldValue(_ value: LuaValue, _ field: MessageField, _ place: String) throws(LuaCallError) -> FieldValue {
        let converted: FieldValue? = switch (field.kind, value) {
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

    /// The `text` or `pattern` of an expectation table (at most one of them).
    private static func textMatcher(_ options: LuaTable, _ name: String) throws(LuaCallError) -> ReplyMatcher? {
        switch (options["text"], options["pattern"]) {
        case (.nil, .nil): return nil
        case (.string(let text), .nil): return .exact(text)
        case (.nil, .string(let pattern)): return .pattern(pattern)
        default: throw LuaCallError("\(name): give either text = \"…\" or pattern = \"…\" (a string)")
        }
    }

    func expectReplyPredicate(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let key = arguments.first?.stringValue ?? ""
        let within = try timeout(arguments.count > 1 ? arguments[1] : .nil, "expect_reply")
        let expectation = ReplyExpectation(text: .predicate(PredicateReference(key: key)))
        return try add(.expectReply(expectation, within: within), "expect_reply")
    }

    func expectReaction(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let name = "expect_reaction"
        let emoji = try LuaArguments.text(arguments, name, example: "expect_reaction \"👍\"")
        guard Reaction.isValidEmoji(emoji) else { throw LuaCallError("\(name): \"\(emoji)\" is not one emoji (e.g. \"👍\")") }
        var (target, within) = (1, ScenarioScript.defaultReplyTimeout)
        if arguments.count > 1, !arguments[1].isNil {
            let options = try LuaArguments.table(arguments[1], "\(name): options", example: "{ to = -2, within = \"5m\" }")
            try LuaArguments.checkKeys(options, name, known: ScenarioAPI.expectReactionOptions.fieldNames)
            if !options["to"].isNil { target = try Self.target(options["to"], "\(name): to") }
            if !options["within"].isNil { within = try LuaArguments.duration(options["within"], "\(name): within") }
        }
        return try add(.expectReaction(emoji, target: target, within: within), name)
    }

    func expectEdit(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let name = "expect_edit"
        var within = try timeout(arguments.count > 1 ? arguments[1] : .nil, name)
        var matcher: ReplyMatcher?
        switch arguments.first ?? .nil {
        case .nil: break
        case .string(let text): matcher = .exact(text)
        case .table(let options):
            try LuaArguments.checkKeys(options, name, known: ScenarioAPI.expectEdit.fieldNames)
            if !options["within"].isNil { within = try LuaArguments.duration(options["within"], "\(name): within") }
            matcher = try Self.textMatcher(options, name)
        case let other:
            throw LuaCallError("\(name): expected the new text, { pattern = \"…\" } or nothing, got \(other.typeName)")
        }
        return try add(.expectEdit(matcher, within: within), name)
    }

    func expectDelete(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let name = "expect_delete"
        let text = try LuaArguments.optionalString(arguments.first ?? .nil, "\(name): the deleted text")
        let within = try timeout(arguments.count > 1 ? arguments[1] : .nil, name)
        return try add(.expectDelete(text, within: within), name)
    }

    private func timeout(_ value: LuaValue, _ name: String) throws(LuaCallError) -> Duration {
        guard !value.isNil else { return ScenarioScript.defaultReplyTimeout }
        let options = try LuaArguments.table(value, "\(name): options", example: "{ within = \"5m\" }")
        try LuaArguments.checkKeys(options, name, known: ScenarioAPI.expectReplyOptions.fieldNames)
        if options["within"].isNil { return ScenarioScript.defaultReplyTimeout }
        return try LuaArguments.duration(options["within"], "\(name): within")
    }

    func expectNoReply(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.expectNoReply(LuaArguments.duration(arguments.first ?? .nil, "expect_no_reply")), "expect_no_reply")
    }

    func expectSection(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let header = try LuaArguments.optionalString(arguments.first ?? .nil, "expect_section: the header")
        return try add(.expectSection(header: header), "expect_section")
    }

    func expectClusterBreak(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.expectClusterBreak, "expect_cluster_break")
    }

    func expectSameCluster(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.expectSameCluster, "expect_same_cluster")
    }

    func expectTyping(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        switch arguments.first ?? .nil {
        case .nil: return try add(.expectTyping(true), "expect_typing")
        case .boolean(let flag): return try add(.expectTyping(flag), "expect_typing")
        case let other: throw LuaCallError("expect_typing: expected true, false or nothing, got \(other.typeName)")
        }
    }

    func expectStatus(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let text = try LuaArguments.text(arguments, "expect_status", example: "expect_status \"read\"")
        guard let status = DeliveryStatus(rawValue: text) else {
            throw LuaCallError("expect_status: unknown status \"\(text)\" (known: sending, sent, delivered, read)")
        }
        return try add(.expectStatus(status), "expect_status")
    }

    func grouping(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.grouping(LuaArguments.grouping(arguments.first ?? .nil, "grouping")), "grouping")
    }

    func markRead(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.mark(.read), "mark_read")
    }

    func markDelivered(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        try add(.mark(.delivered), "mark_delivered")
    }
}
