import BanterCore
import BanterLua
import CLua
import Foundation
import LuaSandbox

/// The Lua state a scenario file runs in, before any file has run: the sandbox, the support
/// code loaded and the step functions registered. Its step functions add to whichever
/// `ScenarioCollector` is loading now (`begin`), so that one sandbox, put back to this
/// state (`ScenarioStatePool`), can load scenario after scenario.
///
/// Not thread-safe: use it from one thread.
final class ScenarioSandbox {
    let state: LuaState
    let folder: String
    let limits: ScriptLimits
    let patternMatcher: LuaRef
    let predicateRunner: LuaRef
    /// What `os.time()` returns: the start while loading, the run's time for predicates.
    let time: TimeSource
    private let slot: CollectorSlot

    /// A sandbox for scenarios in `folder` (where `require` looks); `snapshotting` keeps its
    /// memory in one region so that a pool can copy it aside (`LuaState.snapshot()`).
    init(folder: String, limits: ScriptLimits, snapshotting: Bool) throws(ScriptError) {
        let time = TimeSource()
        let slot = CollectorSlot()
        let state = try LuaState(
            limits: limits, moduleDirectory: folder, snapshotting: snapshotting, now: { time.now })

        // Steps whose arguments the support code looks at first are handed to it as
        // "step:NAME" (and "predicate:NAME"); it returns the globals that wrap them.
        let wrapped = ScenarioStepTable.all.filter { $0.form != .direct }
        var primitives = [
            "check_pattern": state.makeCFunction(banter_pattern_check),
            "branch:open": state.makeFunction(slot.forward { $0.branchFunction(opens: true) }),
            "branch:close": state.makeFunction(slot.forward { $0.branchFunction(opens: false) }),
        ]
        for step in wrapped {
            primitives["step:" + step.name] = state.makeFunction(slot.forward { $0.hostFunction(for: step) })
            if step.form == .takesPredicate {
                primitives["predicate:" + step.name] = state.makeFunction(
                    slot.forward { $0.predicateFunction(for: step) })
            }
            if step.form == .curried {
                primitives["curried:" + step.name] = state.makeFunction(slot.forward { $0.hostFunction(for: step) })
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
        state.register(
            "scenario",
            slot.forward { collector in { arguments throws(LuaCallError) in try collector.declare(arguments) } })
        for step in ScenarioStepTable.all where step.form == .direct {
            state.register(step.name, slot.forward { $0.hostFunction(for: step) })
        }
        self.state = state
        self.folder = folder
        self.limits = limits
        self.patternMatcher = matches
        self.predicateRunner = accepts
        self.time = time
        self.slot = slot
    }

    deinit {
        state.release(patternMatcher)
        state.release(predicateRunner)
    }

    /// Makes `collector` the one the step functions add to, with the clock at its start.
    func begin(_ collector: ScenarioCollector) {
        collector.state = state
        slot.collector = collector
        time.now = Timestamp(millisecondsSince1970: 0)
    }
}

/// The scenario state's clock: the start while loading, the run's time for predicates.
final class TimeSource {
    var now = Timestamp(millisecondsSince1970: 0)
}

/// The collector the sandbox's step functions hand their calls to.
private final class CollectorSlot {
    var collector: ScenarioCollector?

    /// A host function that runs the current collector's `function`.
    func forward(_ function: @escaping (ScenarioCollector) -> HostFunction) -> HostFunction {
        { arguments throws(LuaCallError) in
            guard let collector = self.collector else { throw LuaCallError("internal error: no scenario is loading") }
            return try function(collector)(arguments)
        }
    }
}
