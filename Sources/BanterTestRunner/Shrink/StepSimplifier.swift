import BanterCore
import BanterLua
import BanterScenario
import BanterScript

/// Simpler forms of one step, read from its verb's catalogue entry (parameter and option
/// types) rather than from a list of verbs, so a new verb shrinks as soon as it is in the
/// step table: text with fewer words, a shorter `Duration` that leaves the gap on the same
/// side of every grouping threshold (the transcript groups as it did), a message counted
/// nearer the newest (`to = -1`), an option left out. Every alternative is strictly
/// smaller than the step it replaces, so shrinking ends.
struct StepSimplifier {
    /// The grouping rules the scenario runs under: their gaps are the thresholds a wait
    /// keeps to.
    var rules: GroupingRules

    /// The step's simpler forms, the boldest first.
    func alternatives(to step: WrittenStep) -> [WrittenStep] {
        let parameters = ScenarioStepTable.function(named: step.verb)?.parameters ?? []
        var results: [WrittenStep] = []
        for (index, argument) in step.arguments.enumerated() {
            let parameter = index < parameters.count ? parameters[index] : nil
            for simpler in alternatives(to: argument, type: parameter?.type ?? "", options: parameter?.optionsClass) {
                var copy = step
                copy.arguments[index] = simpler
                results.append(copy)
            }
        }
        return results
    }

    /// Simpler values of one argument or option of the given catalogue type.
    func alternatives(to value: LuaValue, type: String, options: String?) -> [LuaValue] {
        switch value {
        case .string(let text) where type.contains("Duration"):
            guard let duration = try? DurationParser.parse(text) else { return [] }
            return shorter(than: duration).map { .string(DurationParser.format($0)) }
        case .string(let text) where type.isEmpty || type.contains("string"):
            return fewerWords(text).map(LuaValue.string)
        case .integer(let number) where type.contains("integer"):
            return nearerOne(number).map(LuaValue.integer)
        case .table(let table):
            return simpler(table, options.flatMap(ScenarioStepTable.optionTable(named:))).map(LuaValue.table)
        default:
            return []
        }
    }

    /// The table without one optional field, or with one field simpler.
    private func simpler(_ table: LuaTable, _ description: APIClass?) -> [LuaTable] {
        var results: [LuaTable] = []
        let keys = table.fields.keys.sorted()
        for key in keys where description?.fields.first(where: { $0.name == key })?.isOptional ?? true {
            var copy = table
            copy.fields[key] = nil
            if !copy.fields.isEmpty || !copy.array.isEmpty { results.append(copy) }
        }
        for key in keys {
            let field = description?.fields.first { $0.name == key }
            for value in alternatives(to: table.fields[key]!, type: field?.type ?? "", options: nil) {
                var copy = table
                copy.fields[key] = value
                results.append(copy)
            }
        }
        return results
    }

    /// Shorter durations in the same band of the grouping thresholds: the band's shortest
    /// whole-second gap, then halfway there.
    func shorter(than duration: Duration) -> [Duration] {
        let thresholds = [rules.clusterGap, rules.sectionGap].sorted()
        // A gap of at most the cluster gap clusters; more than the section gap opens a
        // section: the band's floor is just past the threshold below it.
        let below = thresholds.last { $0 < duration }
        let floor = below.map { $0 + .seconds(1) } ?? .seconds(1)
        guard floor < duration else { return [] }
        var results = [floor]
        let halfway = Duration.seconds((floor + (duration - floor) / 2).components.seconds)
        if halfway > floor && halfway < duration { results.append(halfway) }
        return results
    }

    /// The text with fewer words: its first half, its second half, then without each word.
    func fewerWords(_ text: String) -> [String] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count > 1 else { return [] }
        var results: [String] = []
        if words.count > 3 {
            results.append(words[..<(words.count / 2)].joined(separator: " "))
            results.append(words[(words.count / 2)...].joined(separator: " "))
        }
        for index in words.indices {
            var fewer = words
            fewer.remove(at: index)
            results.append(fewer.joined(separator: " "))
        }
        return results.reduce(into: []) { unique, candidate in
            if !unique.contains(candidate) { unique.append(candidate) }
        }
    }

    /// A count from the newest (`-3`) or a number nearer to ±1.
    func nearerOne(_ number: Int64) -> [Int64] {
        switch number {
        case ..<(-2): [-1, number + 1]
        case -2: [-1]
        case 3...: [1, number - 1]
        case 2: [1]
        default: []
        }
    }
}
