import BanterLua

/// The globals a compiled chunk reads and writes, found in its instructions as `luac -l`
/// lists them: `GETTABUP` and `SETTABUP` on the `_ENV` upvalue with a constant name, and a
/// `GETFIELD` right after a read (`string.frmat`). Every function of the chunk counts,
/// whether it ever runs or not.
struct GlobalAccesses {
    /// One read: the global, the field read from it at once (if any), the line.
    struct Read: Hashable {
        var name: String
        var field: String?
        var line: Int
    }

    private(set) var reads: [Read] = []
    /// Globals the chunk assigns (`x = 1`, `function f() end`).
    private(set) var writes: Set<String> = []

    // Lua 5.4's opcodes (lopcodes.h).
    private static let getTableUpvalue: UInt32 = 11
    private static let getField: UInt32 = 14
    private static let setTableUpvalue: UInt32 = 15

    init(_ dump: ChunkDump) {
        for function in dump.functions {
            let code = function.instructions
            for (pc, instruction) in code.enumerated() {
                let op = instruction & 0x7F, a = (instruction >> 7) & 0xFF
                let b = Int((instruction >> 16) & 0xFF), c = Int((instruction >> 24) & 0xFF)
                switch op {
                case Self.getTableUpvalue where Self.isEnvironment(b, in: function):
                    guard let name = function.strings[c] else { continue }
                    var field: String?
                    if pc + 1 < code.count {
                        let next = code[pc + 1]
                        if next & 0x7F == Self.getField, (next >> 16) & 0xFF == a {
                            field = function.strings[Int((next >> 24) & 0xFF)]
                        }
                    }
                    let line = pc < function.lines.count ? function.lines[pc] : function.lineDefined
                    reads.append(Read(name: name, field: field, line: line))
                case Self.setTableUpvalue where Self.isEnvironment(Int(a), in: function):
                    if let name = function.strings[b] { writes.insert(name) }
                default:
                    break
                }
            }
        }
    }

    private static func isEnvironment(_ upvalue: Int, in function: ChunkDump.Function) -> Bool {
        upvalue < function.upvalueNames.count && function.upvalueNames[upvalue] == "_ENV"
    }
}
