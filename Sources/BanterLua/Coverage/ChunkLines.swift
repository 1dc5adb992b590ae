/// The lines of a compiled Lua 5.4 chunk that hold code: for every function prototype,
/// nested ones included, the line of each instruction, as `lua_getinfo` with "L" reports
/// it for one function (a vararg function's first instruction, OP_VARARGPREP, does not
/// count: no line event ever fires for it).
enum ChunkLines {
    /// Reads `dump`; throws when it is not a Lua 5.4 binary chunk with 8-byte integers and
    /// numbers.
    static func executableLines(inDump dump: [UInt8]) throws(ChunkDump.Malformed) -> Set<Int> {
        var lines: Set<Int> = []
        for function in try ChunkDump(dump).functions {
            lines.formUnion(function.lines.dropFirst(function.isVararg ? 1 : 0))
        }
        return lines
    }
}
