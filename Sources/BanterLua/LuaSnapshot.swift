import CLua
import LuaSandbox

/// A whole Lua state copied aside (`LuaState.snapshot()`): its memory, its control block and
/// what the Swift side keeps about it. `LuaState.restore` puts the state back exactly as it
/// was, so a bot loaded once can start every scenario or crawled path from its loaded state
/// without running its script again.
package final class LuaSnapshot {
    let arena: OpaquePointer
    let control: banter_control
    let hostFunctionCount: Int
    let idleThreads: [LuaThread]
    let requiredFiles: [String]

    init(
        arena: OpaquePointer, control: banter_control, hostFunctionCount: Int, idleThreads: [LuaThread],
        requiredFiles: [String]
    ) {
        self.arena = arena
        self.control = control
        self.hostFunctionCount = hostFunctionCount
        self.idleThreads = idleThreads
        self.requiredFiles = requiredFiles
    }

    /// The bytes of Lua memory the snapshot copies back on each restore.
    package var bytes: Int { banter_arena_snapshot_bytes(arena) }

    deinit { banter_arena_snapshot_free(arena) }
}

extension LuaState {
    /// Copies the state aside, or nil when it cannot be: it was not made `snapshotting`, some
    /// of its memory lives outside its arena (it outgrew the region), or a handler is
    /// running. Take it between runs, with nothing on the stack.
    package func snapshot() -> LuaSnapshot? {
        guard let arena = control.pointee.arena, callingThread == nil, lua_gettop(L) == 0,
            let copy = banter_arena_take(arena)
        else { return nil }
        return LuaSnapshot(
            arena: copy, control: control.pointee, hostFunctionCount: hostFunctions.count, idleThreads: idleThreads,
            requiredFiles: requiredFiles)
    }

    /// Puts the state back as `snapshot` (taken of this state) found it. False, changing
    /// nothing, when memory was taken outside the arena since: build a new state then.
    package func restore(_ snapshot: LuaSnapshot) -> Bool {
        guard let arena = control.pointee.arena, callingThread == nil, banter_arena_restore(arena, snapshot.arena) != 0
        else { return false }
        control.pointee = snapshot.control
        hostFunctions.removeSubrange(snapshot.hostFunctionCount...)
        idleThreads = snapshot.idleThreads
        resetRequiredFiles(to: snapshot.requiredFiles)
        collectorStopped = false
        return true
    }
}
