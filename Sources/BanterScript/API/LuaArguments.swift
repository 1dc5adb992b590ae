import BanterCore
import BanterLua

/// Reads the arguments of the functions scripts call (the bot API and the scenario steps),
/// throwing errors that name the function and say what was expected (the trampoline adds
/// the script's file:line).
package enum LuaArguments {
    package static func text(_ arguments: [LuaValue], _ name: String, example: String) throws(LuaCallError) -> String {
        guard let text = arguments.first?.stringValue else {
            throw LuaCallError(
                "\(name): expected text, as in \(example), got \(arguments.first?.typeName ?? "nothing")")
        }
        return text
    }

    package static func table(_ value: LuaValue, _ name: String, example: String) throws(LuaCallError) -> LuaTable {
        guard let table = value.tableValue else {
            throw LuaCallError("\(name): expected a table, as in \(example), got \(value.typeName)")
        }
        return table
    }

    package static func checkKeys(_ table: LuaTable, _ name: String, known: [String]) throws(LuaCallError) {
        for key in table.fields.keys.sorted() where !known.contains(key) {
            throw LuaCallError("\(name): unknown option '\(key)' (known: \(known.joined(separator: ", ")))")
        }
    }

    package static func optionalString(_ value: LuaValue, _ name: String) throws(LuaCallError) -> String? {
        switch value {
        case .nil: return nil
        case .string(let text): return text
        default: throw LuaCallError("\(name) must be a string, got \(value.typeName)")
        }
    }

    /// A duration written as a number of seconds or as text ("20s", "1h30m").
    package static func duration(_ value: LuaValue, _ name: String) throws(LuaCallError) -> Duration {
        switch value {
        case .string(let text):
            do { return try DurationParser.parse(text) } catch { throw LuaCallError("\(name): \(error)") }
        case .integer, .number:
            let seconds = value.doubleValue!
            guard seconds.isFinite, seconds >= 0, seconds < 1e12 else {
                throw LuaCallError(
                    "\(name): a duration must be a non-negative number of seconds, got \(LuaState.printable(value))")
            }
            return .milliseconds(Int64((seconds * 1000).rounded()))
        default:
            throw LuaCallError(
                "\(name): expected a duration (seconds, or text like \"20s\", \"1h30m\"), got \(value.typeName)")
        }
    }

    /// `grouping { section_gap =, cluster_gap =, header = }`, in a bot, a scenario or as a
    /// scenario step; the header pattern is validated here, where the script wrote it.
    package static func grouping(_ value: LuaValue, _ name: String) throws(LuaCallError) -> GroupingChange {
        let options = try table(value, name, example: "\(name) { section_gap = \"1h\", cluster_gap = \"20s\" }")
        try checkKeys(options, name, known: SharedAPI.groupingOptions.fieldNames)
        var change = GroupingChange()
        if !options["section_gap"].isNil {
            change.sectionGap = try duration(options["section_gap"], "\(name): section_gap")
        }
        if !options["cluster_gap"].isNil {
            change.clusterGap = try duration(options["cluster_gap"], "\(name): cluster_gap")
        }
        if let header = try optionalString(options["header"], "\(name): header") {
            do {
                try HeaderFormatter.validate(pattern: header)
            } catch {
                throw LuaCallError("\(name): header: \(error)")
            }
            change.headerPattern = header
        }
        return change
    }
}
