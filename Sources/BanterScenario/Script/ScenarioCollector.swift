import BanterCore
import BanterLua
import BanterScript
import Foundation

/// Receives the scenario functions' calls while the script loads: the `scenario { … }`
/// declaration and the steps (read by their `ScenarioStepDefinition`), each stamped with the
/// file:line it was written at.
final class ScenarioCollector {
    let scriptPath: String
    let fileName: String
    weak var state: LuaState?
    var settings: ScenarioSettings?
    var steps: [ScenarioStep] = []
    /// The `scenario { … }` table as written.
    var declaration = LuaTable()
    /// Where `scenario { … }` was written.
    var declaredAt: SourceLocation?

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
        declaration = options
        declaredAt = callerLocation()

        let zoneName =
            try LuaArguments.optionalString(options["time_zone"], "scenario: time_zone")
            ?? ScenarioSettings.defaultTimeZone
        guard let zone = TimeZone(identifier: zoneName) else {
            throw LuaCallError(
                "scenario: unknown time_zone \"\(zoneName)\" (use a name like \"Europe/Paris\" or \"UTC\")")
        }
        let startText =
            try LuaArguments.optionalString(options["start"], "scenario: start")
            ?? ScenarioSettings.defaultStart
        guard let parsed = try? SeedTime.parse(startText), case .absolute = parsed else {
            throw LuaCallError(
                "scenario: start must be a local date and time like \"2026-11-20 19:00\", got \"\(startText)\"")
        }
        let start = parsed.resolve(now: Timestamp(millisecondsSince1970: 0), timeZone: zone)
        let botPath = try LuaArguments.optionalString(options["bot"], "scenario: bot").map { path in
            BotAddress.resolved(path, relativeTo: folder)
        }
        let grouping =
            options["grouping"].isNil ? nil : try LuaArguments.grouping(options["grouping"], "scenario: grouping")
        var seed: UInt64 = 0
        switch options["seed"] {
        case .nil: break
        case .integer(let value): seed = UInt64(bitPattern: value)
        case let other: throw LuaCallError("scenario: seed must be a whole number, got \(other.typeName)")
        }
        let title =
            try LuaArguments.optionalString(options["title"], "scenario: title")
            ?? URL(fileURLWithPath: scriptPath).deletingPathExtension().lastPathComponent
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LuaCallError("scenario: title must not be empty")
        }
        var width: Int?
        switch options["width"] {
        case .nil: break
        case .integer(let columns) where ScenarioSettings.widths.contains(Int(columns)): width = Int(columns)
        case let other:
            throw LuaCallError(
                "scenario: width must be a whole number of columns from \(ScenarioSettings.widths.lowerBound) to \(ScenarioSettings.widths.upperBound), got \(LuaState.printable(other))"
            )
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
            botPath: botPath, start: start, timeZone: zone, grouping: grouping, randomSeed: seed, title: title,
            width: width)
        settings?.memory = memory
        if let turns = try LuaArguments.optionalString(options["turns"], "scenario: turns") {
            guard let policy = TurnPolicy(rawValue: turns) else {
                throw LuaCallError("scenario: turns must be one of \(TurnPolicy.accepted), got \"\(turns)\"")
            }
            settings?.turnPolicy = policy
        }
        switch options["turn_budget"] {
        case .nil: break
        case .integer(let budget) where (1...1000).contains(budget): settings?.turnBudget = Int(budget)
        case let other:
            throw LuaCallError(
                "scenario: turn_budget must be a whole number of bot messages from 1 to 1000, got \(LuaState.printable(other))"
            )
        }
        return .none
    }

    /// The host function behind `step`'s global: reads the step and adds it at the caller's line.
    func hostFunction(for step: any ScenarioStepDefinition.Type) -> HostFunction {
        { [unowned self] arguments throws(LuaCallError) in
            try add(
                step.parse(ScenarioStepCall(arguments: arguments, folder: folder)),
                WrittenStep(verb: step.name, arguments: arguments))
        }
    }

    /// The host function the support code calls when a `takesPredicate` step is given a
    /// function: its arguments are the predicate's key and the step's other arguments.
    func predicateFunction(for step: any ScenarioStepDefinition.Type) -> HostFunction {
        { [unowned self] arguments throws(LuaCallError) in
            let predicate = PredicateReference(key: arguments.first?.stringValue ?? "")
            let call = ScenarioStepCall(arguments: [.nil] + arguments.dropFirst(), folder: folder, predicate: predicate)
            return try add(step.parse(call), WrittenStep(verb: step.name, arguments: call.arguments, hasFunction: true))
        }
    }

    /// Adds a step at the caller's line; steps need the declaration first.
    private func add(_ action: any ScenarioStepDefinition, _ written: WrittenStep) throws(LuaCallError) -> LuaReturn {
        guard settings != nil else {
            throw LuaCallError(
                "\(written.verb): declare the scenario first, e.g. scenario { bot = \"../bots/alisha.lua\" }")
        }
        steps.append(ScenarioStep(location: callerLocation(), action: action, written: written))
        return .none
    }

    /// The script line that called the running host function.
    private func callerLocation() -> SourceLocation {
        guard let state, let thread = state.callingThread,
            let location = state.innermostScriptLocation(in: thread)
        else {
            return SourceLocation(file: fileName, line: 0)
        }
        return SourceLocation(file: location.file, line: location.line)
    }
}
