/// The lines of a compiled Lua 5.4 chunk that hold code, read from its binary form
/// (`lua_dump`, the format of lundump.c): for every function prototype, nested ones
/// included, the line of each instruction, as `lua_getinfo` with "L" reports it for one
/// function (a vararg function's first instruction, OP_VARARGPREP, does not count: no line
/// event ever fires for it). The debug API only reaches functions that exist as closures;
/// the dump reaches every prototype, so a function that never ran still has its lines.
struct ChunkLines {
    private var bytes: [UInt8]
    private var offset = 0
    private(set) var lines: Set<Int> = []

    /// A chunk that is not a Lua 5.4 dump this reader understands.
    struct Malformed: Error {}

    /// Reads `dump`; throws when it is not a Lua 5.4 binary chunk with 8-byte integers and
    /// numbers.
    static func executableLines(inDump dump: [UInt8]) throws(Malformed) -> Set<Int> {
        var reader = ChunkLines(bytes: dump)
        try reader.readHeader()
        reader.offset += 1 // number of upvalues of the main closure
        try reader.readFunction()
        return reader.lines
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readHeader() throws(Malformed) {
        // "\x1bLua", version 0x54, format 0, LUAC_DATA (6 bytes), sizes of Instruction,
        // lua_Integer and lua_Number, then LUAC_INT and LUAC_NUM (8 bytes each).
        guard bytes.count > 32, bytes[0..<4].elementsEqual([0x1B, 0x4C, 0x75, 0x61]), bytes[4] == 0x54,
              bytes[5] == 0, bytes[12] == 4, bytes[13] == 8, bytes[14] == 8 else { throw Malformed() }
        offset = 15 + 8 + 8
    }

    private mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// lundump's loadSize: 7 bits per byte, most significant first, the last byte marked by 0x80.
    private mutating func size() throws(Malformed) -> Int {
        var value = 0
        while true {
            let next = try byte()
            guard value < Int.max >> 7 else { throw Malformed() }
            value = (value << 7) | Int(next & 0x7F)
            if next & 0x80 != 0 { return value }
        }
    }

    private mutating func skip(_ count: Int) throws(Malformed) {
        guard count >= 0, offset + count <= bytes.count else { throw Malformed() }
        offset += count
    }

    private mutating func skipString() throws(Malformed) {
        let length = try size()
        if length > 0 { try skip(length - 1) }
    }

    private mutating func readFunction() throws(Malformed) {
        try skipString() // source (absent in nested functions of the same chunk)
        let lineDefined = try size()
        _ = try size() // lastlinedefined
        _ = try byte() // numparams
        let isVararg = try byte() != 0
        _ = try byte() // maxstacksize
        let instructions = try size()
        try skip(instructions * 4)
        let constants = try size()
        for _ in 0..<constants {
            switch try byte() {
            case 3, 19: try skip(8) // integer, float
            case 4, 20: try skipString() // short and long strings
            case 0, 1, 17: break // nil, false, true
            default: throw Malformed()
            }
        }
        try skip(try size() * 3) // upvalue descriptions
        let protos = try size()
        for _ in 0..<protos { try readFunction() }

        // Debug information: relative line steps, then absolute lines where a step does not fit.
        let lineInfoCount = try size()
        let lineInfoStart = offset
        try skip(lineInfoCount)
        var absolute: [(pc: Int, line: Int)] = []
        for _ in 0..<(try size()) { absolute.append((try size(), try size())) }
        var line = lineDefined
        var nextAbsolute = 0
        for pc in 0..<lineInfoCount {
            let step = Int8(bitPattern: bytes[lineInfoStart + pc])
            if step == -0x80 {
                guard nextAbsolute < absolute.count, absolute[nextAbsolute].pc == pc else { throw Malformed() }
                line = absolute[nextAbsolute].line
                nextAbsolute += 1
            } else {
                line += Int(step)
            }
            if pc > 0 || !isVararg { lines.insert(line) }
        }
        for _ in 0..<(try size()) { // local variables: name, startpc, endpc
            try skipString()
            _ = try size()
            _ = try size()
        }
        for _ in 0..<(try size()) { try skipString() } // upvalue names
    }
}
