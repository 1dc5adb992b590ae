import BanterLua
import Foundation

/// Writing a loaded scenario back: its declaration and its steps from their written form
/// (`WrittenStep`), whatever the verbs are, one step per line. `banter shrink` writes its
/// candidates and its result this way.
extension ScenarioWriter {
    /// `scenario { … }` with the fields of `declaration` (in key order), on one line.
    package static func declaration(_ declaration: LuaTable) -> String {
        "scenario " + literal(.table(declaration))
    }

    /// One step as a line of Lua: `me "hi"`, `react { to = -2 }` or `verb(a, b)`.
    package static func call(_ step: WrittenStep) -> String {
        var arguments = step.arguments
        while arguments.last == .nil { arguments.removeLast() }
        if arguments.count == 1 {
            switch arguments[0] {
            case .string, .table: return step.verb + " " + literal(arguments[0])
            default: break
            }
        }
        return step.verb + "(" + arguments.map(literal).joined(separator: ", ") + ")"
    }

    /// A whole scenario: comment lines (each prefixed `-- `), the declaration, then one line
    /// per step; `firstStepLine` is the line number of the first step.
    package static func source(
        comments: [String], declaration table: LuaTable, steps: [WrittenStep]
    ) -> (text: String, firstStepLine: Int) {
        let head = comments.map { "-- " + oneLine($0) } + [declaration(table)]
        let lines = head + steps.map(call)
        return (lines.joined(separator: "\n") + "\n", head.count + 1)
    }
}
