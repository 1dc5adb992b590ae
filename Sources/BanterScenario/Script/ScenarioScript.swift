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
    /// How many of a leaf's first steps every leaf shares: those written before the first
    /// `branch` (zero without branches).
    package let sharedStepCount: Int
    /// The `scenario { … }` table as written (for tools that write the scenario again).
    package let declaration: LuaTable
    /// Where `scenario { … }` was written: what a failure before the first step points at.
    package let declarationLocation: SourceLocation

    var state: LuaState { sandbox.state }
    private let sandbox: ScenarioSandbox
    private let collector: ScenarioCollector
    /// Where the sandbox goes back when the scenario is done with it.
    private let pool: ScenarioStatePool?

    /// How long `expect_reply` waits (virtual time) unless the step says `within`.
    static let defaultReplyTimeout: Duration = .seconds(60)

    /// Loads the scenario at `path`. A syntax error, a bad argument to a step, or a script
    /// without `scenario { … }` throws with the file:line to fix. With `pool`, the Lua state
    /// is one put back to where the support code had loaded (`ScenarioStatePool`).
    package init(path: String, limits: ScriptLimits = .default, pool: ScenarioStatePool? = nil) throws(ScriptError) {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let collector = ScenarioCollector(scriptPath: path)
        let sandbox: ScenarioSandbox
        if let pool {
            sandbox = try pool.sandbox(folder: folder, limits: limits)
        } else {
            sandbox = try ScenarioSandbox(folder: folder, limits: limits, snapshotting: false)
        }
        sandbox.begin(collector)
        do throws(ScriptError) {
            try sandbox.state.run(file: path, chunkName: fileName)
            try collector.finish()
        } catch {
            pool?.giveBack(sandbox)
            throw error
        }
        guard let settings = collector.settings else {
            pool?.giveBack(sandbox)
            throw ScriptError(
                file: fileName,
                reason:
                    "the script never declared the scenario: start it with scenario { bot = \"../bots/alisha.lua\" }")
        }
        sandbox.time.now = settings.start
        self.path = path
        self.settings = settings
        let leaves = collector.root.leaves()
        self.leaves = leaves
        self.leaf = leaves.first
        self.sharedStepCount = leaves.isEmpty ? 0 : collector.root.steps.count
        self.steps = leaves.first?.steps ?? collector.root.steps
        self.declaration = collector.declaration
        self.declarationLocation = collector.declaredAt ?? SourceLocation(file: fileName, line: 1)
        self.sandbox = sandbox
        self.collector = collector
        self.pool = pool
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
        pool?.giveBack(sandbox)
    }

    /// Whether `text` satisfies `matcher`. Patterns and predicates run in the scenario's
    /// sandbox (with its limits); `now` is what `os.time()` returns inside a predicate.
    /// A predicate that raises an error throws it.
    package func matches(_ matcher: ReplyMatcher?, text: String, now: Timestamp) throws(ScriptError) -> Bool {
        guard let matcher else { return true }
        sandbox.time.now = now
        switch matcher {
        case .exact(let expected):
            return text == expected
        case .pattern(let pattern):
            let results = try state.call(sandbox.patternMatcher, with: [.string(text), .string(pattern)])
            return results.first == .boolean(true)
        case .predicate(let reference):
            let results = try state.call(sandbox.predicateRunner, with: [.string(reference.key), .string(text)])
            return results.first == .boolean(true)
        }
    }
}
