import BanterLua
import BanterScript
import Foundation

/// One scenario step verb as a unit: its Lua global (the catalogue entry with its name,
/// parameters and doc line, which `banter check`, `banter types` and luacheck read), how its
/// arguments are read as the script loads, and what it does or checks when the scenario
/// runs. A value of the type is one step as written, its arguments checked.
///
/// Adding a verb is one new type under `Definitions/` and one entry in
/// `ScenarioStepTable.all`: the global, its option checks and the editor files follow.
protocol ScenarioStepDefinition: Hashable, Sendable {
    /// The global's catalogue entry: its name, parameters and doc line.
    static var function: APIFunction { get }
    /// The option tables its parameters name (shared ones too), for the catalogue.
    static var optionTables: [APIClass] { get }
    /// How the global reaches `parse`.
    static var form: ScenarioStepForm { get }

    /// Reads the step from what the script passed, as the script loads; a bad argument
    /// throws, and the error is raised at the script's line.
    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> Self

    /// Does or checks the step on the runner's session. A failed expectation is recorded
    /// (`runner.fail`) and the run goes on; a step the session refuses throws.
    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError)
}

extension ScenarioStepDefinition {
    /// The Lua global's name.
    static var name: String { function.name }
    static var optionTables: [APIClass] { [] }
    static var form: ScenarioStepForm { .direct }
}

/// How a step's Lua global reaches its `parse`.
enum ScenarioStepForm: Sendable {
    /// The global is the host function itself.
    case direct
    /// Through the scenario support code (ScenarioSupport), which checks a `{ pattern = }`
    /// given first as the script loads, so a bad pattern fails at its own line.
    case checksPattern
    /// As `checksPattern`, and a function given first is kept there as a predicate
    /// (`ScenarioStepCall.predicate`), since a host function cannot receive one as data.
    case takesPredicate
    /// Through the support code, which also takes its two arguments one call at a time
    /// (`as "Bob" "hi"` is `as("Bob")("hi")` in Lua).
    case curried
}

/// What one call of a step's global passed, with what reading it may need.
struct ScenarioStepCall {
    var arguments: [LuaValue]
    /// The scenario's folder: files a step names are read from it.
    var folder: URL
    /// The function the script passed first, kept as a predicate (`takesPredicate` steps).
    var predicate: PredicateReference?

    /// Argument `position` (from 0); nil past the last.
    subscript(position: Int) -> LuaValue {
        position < arguments.count ? arguments[position] : .nil
    }
}
