import BanterLua

/// Scenario sandboxes built once and reused: after the support code has loaded, a
/// sandbox's whole Lua state is copied aside (`LuaState.snapshot()`), and the next scenario
/// loaded in the same folder with the same limits gets that state put back exactly as it was
/// instead of a new state loading the support code again. What a test worker running
/// scenario after scenario spends a quarter of its time on otherwise (see `LoadedBotPool`,
/// which does the same for bots). Use it from one thread.
package final class ScenarioStatePool {
    struct Key: Hashable {
        var folder: String
        var limits: ScriptLimits
    }

    final class Entry {
        let sandbox: ScenarioSandbox
        let snapshot: LuaSnapshot
        var inUse = true

        init(sandbox: ScenarioSandbox, snapshot: LuaSnapshot) {
            self.sandbox = sandbox
            self.snapshot = snapshot
        }
    }

    /// Folders (or limits) kept at once.
    static let capacity = 4
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    /// How many loads reuse saved (tests read it).
    package private(set) var reuses = 0

    package init() {}

    /// A sandbox for scenarios in `folder`: a kept one put back to its state before any
    /// scenario ran, else a new one (kept when it can be).
    func sandbox(folder: String, limits: ScriptLimits) throws(ScriptError) -> ScenarioSandbox {
        let key = Key(folder: folder, limits: limits)
        if let entry = entries[key], !entry.inUse {
            if entry.sandbox.state.restore(entry.snapshot) {
                entry.inUse = true
                reuses += 1
                return entry.sandbox
            }
            drop(key)
        }
        let sandbox = try ScenarioSandbox(folder: folder, limits: limits, snapshotting: true)
        guard entries[key] == nil, let snapshot = sandbox.state.snapshot() else { return sandbox }
        if order.count >= Self.capacity, let oldest = order.first(where: { entries[$0]?.inUse == false }) {
            drop(oldest)
        }
        entries[key] = Entry(sandbox: sandbox, snapshot: snapshot)
        order.append(key)
        return sandbox
    }

    /// The scenario that loaded in `sandbox` is done with it.
    func giveBack(_ sandbox: ScenarioSandbox) {
        let key = Key(folder: sandbox.folder, limits: sandbox.limits)
        guard let entry = entries[key], entry.sandbox === sandbox else { return }
        entry.inUse = false
    }

    private func drop(_ key: Key) {
        entries[key] = nil
        order.removeAll { $0 == key }
    }
}
