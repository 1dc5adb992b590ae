import CLua
import LuaSandbox

/// Line coverage of the state's scripts (`banter test --coverage`): the sandbox hook also
/// counts line events while a recorder is attached (see LuaCoverage.h).
extension LuaState {
    /// Starts recording which lines of script chunks run, from the next run on.
    package func startCoverage() {
        guard control.pointee.coverage == nil else { return }
        control.pointee.coverage = banter_coverage_new()
    }

    /// What ran so far, per function of each script chunk.
    package func coveredFunctions() -> [CoveredFunction] {
        guard let coverage = control.pointee.coverage else { return [] }
        return (0..<banter_coverage_functions(coverage)).map { index in
            var lines = 0
            let counts = banter_coverage_hits(coverage, index, &lines)
            var hits: [Int: Int] = [:]
            for line in 0..<lines where counts![line] > 0 { hits[line] = Int(counts![line]) }
            return CoveredFunction(
                chunk: String(String(cString: banter_coverage_source(coverage, index)).dropFirst()),
                firstLine: Int(banter_coverage_first_line(coverage, index)),
                lastLine: Int(banter_coverage_last_line(coverage, index)), hits: hits)
        }
    }

    /// The lines of `source` that hold code, in every function of it (see `ChunkLines`).
    package func executableLines(ofSource source: [UInt8], chunkName: String) throws(ScriptError) -> Set<Int> {
        guard
            let lines = try? ChunkLines.executableLines(
                inDump: try compiledDump(ofSource: source, chunkName: chunkName))
        else {
            throw ScriptError(file: chunkName, reason: "could not read the compiled chunk's line information")
        }
        return lines
    }

    /// `source` compiled (never run) and dumped with its debug information; throws the
    /// syntax error.
    /// `stripped` leaves the debug information out: two sources whose stripped dumps are
    /// equal compile to the same code (`banter mutate` skips such mutants as equivalent).
    package func compiledDump(
        ofSource source: [UInt8], chunkName: String, stripped: Bool = false
    ) throws(ScriptError) -> [UInt8] {
        try compile(source, chunkName: "@" + chunkName, on: L)
        defer { banter_lua_pop(L, 1) }
        guard let dump = dumpFunction(on: L, stripped: stripped) else {
            throw ScriptError(file: chunkName, reason: "could not dump the compiled chunk")
        }
        return dump
    }
}
