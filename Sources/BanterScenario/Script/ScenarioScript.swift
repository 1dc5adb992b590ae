import BanterCore
import BanterLua
import BanterScript
import CLua
import Foundation
import LuaSandbox

/// A scenario script, loaded: its settings and its steps, collected by running the file
/// once in its own sandboxed Lua state. The state stays alive for the predicates
/// `expect_reply(function(text) … end)` keeps, which `matches` runs later.
///
/// Not thread-safe: use it from one thread.
package final class ScenarioScript {
    /// The scenario file.
    package let path: String
    package let settings: ScenarioSettings
    /// The steps a run does: the whole script's, or with branches the selected leaf's (the
    /// first until `select(leaf:)` picks another).
    package private(set) var steps: [ScenarioStep]
    /// Each leaf of the scenario's `branch "NAME" { … }`, in the order written; empty for a
    /// scenario without branches.
    package let leaves: [ScenarioLeaf]
    /// The leaf `steps` are of (nil without branches).
    package private(set) var leaf: ScenarioLeaf?
    /// The `scenario { … }` table as written (for tools that write the scenario again).
    package let declaration: LuaTable

    let state: LuaState
    private let collector: ScenarioCollector
    private let patternMatcher: LuaRef
    private let predicateRunner: LuaRef
    private let time: TimeSource

    /// How long `expect_reply` waits (virtual time) unless the step says `within`.
    static let defaultReplyTimeout: Duration = .seconds(60)

    /// Loads the scenario at `path`. A syntax error, a bad argument to a step, or a script
    /// without `scenario { … }` throws with the file:line to fix.
    package init(path: String, limits: ScriptLimits = .default) throws(ScriptError) {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let time = TimeSource()
        let collector = ScenarioCollector(scriptPath: path)
        let state = try LuaState(limits: limits, moduleDirectory: folder, now: { time.now })
        collector.state = state

        // Steps whose arguments the support code looks at first are handed to it as
        // "step:NAME" (and "predicate:NAME"); it returns the globals that wrap them.
        let wrapped = ScenarioStepTable.all.filter { $0.form != .direct }
        var primitives = [
            "check_pattern": state.makeCFunction(banter_pattern_check),
            "branch:open": state.makeFunction(collector.branchFunction(opens: true)),
            "branch:close": state.makeFunction(collector.branchFunction(opens: false)),
        ]
        for step in wrapped {
            primitives["step:" + step.name] = state.makeFunction(collector.hostFunction(for: step))
            if step.form == .takesPredicate {
                primitives["predicate:" + step.name] = state.makeFunction(collector.predicateFunction(for: step))
            }
            if step.form == .curried {
                primitives["curried:" + step.name] = state.makeFunction(collector.hostFunction(for: step))
            }
        }
        let exports = try state.runSupport(source: ScenarioSupport.source, name: "scenario", primitives: primitives)
        defer { state.release(exports) }
        guard let api = state.field(exports, "api"), let matches = state.field(exports, "matches"),
            let accepts = state.field(exports, "accepts")
        else {
            throw ScriptError(reason: "internal error: the scenario support code did not load")
        }
        defer { state.release(api) }
        for step in wrapped.map({ $0.name }) + ["branch"] {
            guard let global = state.field(api, step) else {
                throw ScriptError(reason: "internal error: the scenario support code did not wrap \(step)")
            }
            state.define(step, global)
            state.release(global)
        }
        state.register("scenario") { [unowned collector] arguments throws(LuaCallError) in
            try collector.declare(arguments)
        }
        for step in ScenarioStepTable.all where step.form == .direct {
            state.register(step.name, collector.hostFunction(for: step))
        }

        try state.run(file: path, chunkName: fileName)
        try collector.finish()
        guard let settings = collector.settings else {
            throw ScriptError(
                file: fileName,
                reason:
                    "the script never declared the scenario: start it with scenario { bot = \"../bots/alisha.lua\" }")
        }
        time.now = settings.start
        self.path = path
        self.settings = settings
        let leaves = collector.root.leaves()
        self.leaves = leaves
        self.leaf = leaves.first
        self.steps = leaves.first?.steps ?? collector.root.steps
        self.declaration = collector.declaration
        self.state = state
        self.collector = collector
        self.patternMatcher = matches
        self.predicateRunner = accepts
        self.time = time
    }

    /// Makes the leaf named `name` (`ScenarioLeaf.name`) the one a run does.
    package func select(leaf name: String) throws(ScriptError) {
        guard let chosen = leaves.first(where: { $0.name == name }) else {
            let known = leaves.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw ScriptError(
                file: URL(fileURLWithPath: path).lastPathComponent,
                reason: "no branch \"\(name)\" in the scenario (its branches: \(known.isEmpty ? "none" : known))")
        }
        leaf = chosen
        steps = chosen.steps
    }

    deinit {
        state.release(patternMatcher)
        state.release(predicateRunner)
    }

    /// Whether `text` satisfies `matcher`. Patterns and predicates run in the scenario's
    /// sandbox (with its limits); `now` is what `os.time()` returns inside a predicate.
    /// A predicate that raises an error throws it.
    package func matches(_ matcher: ReplyMatcher?, text: String, now: Timestamp) throws(ScriptError) -> Bool {
        guard let matcher else { return true }
        time.now = now
        switch matcher {
        case .exact(let expected):
            return text == expected
        case .pattern(let pattern):
            let results = try state.call(patternMatcher, with: [.string(text), .string(pattern)])
            return results.first == .boolean(true)
        case .predicate(let reference):
            let results = try state.call(predicateRunner, with: [.string(reference.key), .string(text)])
            return results.first == .boolean(true)
        }
    }
}

/// The scenario state's clock: the start while loading, the run's time for predicates.
private final class TimeSource {
    var now = Timestamp(millisecondsSince1970: 0)
}
