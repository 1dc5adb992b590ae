import BanterLua
import BanterScript

/// The arguments several steps share: which message (`{ to = -N }`), how long to wait
/// (`{ within = }`) and what text to expect (`text` or `pattern`).
extension ScenarioStepCall {
    /// A message counted from the newest: `-1` (the newest), `-2`…
    static func target(_ value: LuaValue, _ place: String) throws(LuaCallError) -> Int {
        guard case .integer(let number) = value, number < 0, number >= -1_000_000 else {
            throw LuaCallError(
                "\(place) must be -1 for the newest message, -2 for the one before, …; got \(LuaState.printable(value))"
            )
        }
        return Int(-number)
    }

    /// The `{ to = -N }` option of `react`, `edit` and `delete` at `position` (1 without it).
    func targetOption(at position: Int, _ name: String) throws(LuaCallError) -> Int {
        let value = self[position]
        guard !value.isNil else { return 1 }
        let options = try LuaArguments.table(value, "\(name): options", example: "{ to = -2 }")
        try LuaArguments.checkKeys(options, name, known: ScenarioOptionTables.target.fieldNames)
        return options["to"].isNil ? 1 : try Self.target(options["to"], "\(name): to")
    }

    /// The `{ within = }` option at `position`: how long an expectation waits (a minute
    /// without it).
    func timeout(at position: Int, _ name: String) throws(LuaCallError) -> Duration {
        let value = self[position]
        guard !value.isNil else { return ScenarioScript.defaultReplyTimeout }
        let options = try LuaArguments.table(value, "\(name): options", example: "{ within = \"5m\" }")
        try LuaArguments.checkKeys(options, name, known: ScenarioOptionTables.waiting.fieldNames)
        if options["within"].isNil { return ScenarioScript.defaultReplyTimeout }
        return try LuaArguments.duration(options["within"], "\(name): within")
    }

    /// The `text` or `pattern` of an expectation table (at most one of them).
    static func textMatcher(_ options: LuaTable, _ name: String) throws(LuaCallError) -> ReplyMatcher? {
        switch (options["text"], options["pattern"]) {
        case (.nil, .nil): return nil
        case (.string(let text), .nil): return .exact(text)
        case (.nil, .string(let pattern)): return .pattern(pattern)
        default: throw LuaCallError("\(name): give either text = \"…\" or pattern = \"…\" (a string)")
        }
    }
}
