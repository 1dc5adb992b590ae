import BanterLua
import BanterScenario

/// A scenario being shrunk: its declaration and its steps in their written form, each
/// remembering which step of the original it came from. Written out one step per line, so
/// a failure's line says which step failed.
struct ScenarioDraft: Hashable, Sendable {
    /// A step of the draft and the position of the original step it comes from.
    struct Step: Hashable, Sendable {
        var written: WrittenStep
        var origin: Int
    }

    var declaration: LuaTable
    var steps: [Step]

    /// The draft as a scenario file (comments first), and the line of its first step.
    func source(comments: [String] = []) -> (text: String, firstStepLine: Int) {
        ScenarioWriter.source(comments: comments, declaration: declaration, steps: steps.map(\.written))
    }

    /// The draft without the steps at `positions`.
    func removing(_ positions: Set<Int>) -> ScenarioDraft {
        var copy = self
        copy.steps = steps.enumerated().filter { !positions.contains($0.offset) }.map(\.element)
        return copy
    }

    /// The draft keeping only the steps whose origins are in `origins`.
    func keeping(origins: Set<Int>) -> ScenarioDraft {
        var copy = self
        copy.steps = steps.filter { origins.contains($0.origin) }
        return copy
    }
}

/// The failure a shrink keeps: which original step's expectation failed and exactly what it
/// said. A candidate fails "the same way" when it has this failure at the same step.
struct FailureSignature: Hashable, Sendable {
    var origin: Int
    var message: String
}
