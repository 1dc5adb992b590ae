/// A compiled Lua 5.4 chunk read from its binary form (`lua_dump`, the format of
/// lundump.c): every function prototype, nested ones included, with its instructions and
/// the line of each, its string constants and its upvalue names. Coverage counts the lines
/// that hold code from it; `banter check` finds the globals a script reads and writes.
/// The debug API only reaches functions that exist as closures; the dump reaches every
/// prototype, so a function that never ran is read too.
package struct ChunkDump {
    /// One function of the chunk.
    package struct Function {
        package var lineDefined: Int
        var isVararg: Bool
        package var instructions: [UInt32]
        /// The line of each instruction.
        package var lines: [Int]
        /// String constants by index (other constants are nil).
        package var strings: [Int: String]
        /// Upvalue names by index (empty when the dump was stripped).
        package var upvalueNames: [String]
    }

    /// Every function, the main chunk first, then depth first in source order.
    package private(set) var functions: [Function] = []

    /// A chunk that is not a Lua 5.4 dump this reader understands.
    package struct Malformed: Error {}

    private var bytes: [UInt8]
    private var offset = 0

    /// Reads `dump`; throws when it is not a Lua 5.4 binary chunk with 8-byte integers and
    /// numbers.
    package init(_ dump: [UInt8]) throws(Malformed) {
        bytes = dump
        // "\x1bLua", version 0x54, format 0, LUAC_DATA (6 bytes), sizes of Instruction,
        // lua_Integer and lua_Number, then LUAC_INT and LUAC_NUM (8 bytes each).
        guard bytes.count > 32, bytes[0..<4].elementsEqual([0x1B, 0x4C, 0x75, 0x61]), bytes[4] == 0x54,
            bytes[5] == 0, bytes[12] == 4, bytes[13] == 8, bytes[14] == 8
        else { throw Malformed() }
        offset = 15 + 8 + 8
        offset += 1 // number of upvalues of the main closure
        try readFunction()
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

    /// A string (nil for lundump's NULL string).
    private mutating func string() throws(Malformed) -> String? {
        let length = try size()
        guard length > 0 else { return nil }
        let start = offset
        try skip(length - 1)
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func readFunction() throws(Malformed) {
        _ = try string() // source (absent in nested functions of the same chunk)
        let lineDefined = try size()
        _ = try size() // lastlinedefined
        _ = try byte() // numparams
        let isVararg = try byte() != 0
        _ = try byte() // maxstacksize
        let instructionCount = try size()
        try skip(instructionCount * 4)
        let instructions = (0..<instructionCount).map { index in
            let at = offset - instructionCount * 4 + index * 4
            return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3])
                << 24
        }
        var strings: [Int: String] = [:]
        for index in 0..<(try size()) {
            switch try byte() {
            case 3, 19: try skip(8) // integer, float
            case 4, 20: strings[index] = try string() // short and long strings
            case 0, 1, 17: break // nil, false, true
            default: throw Malformed()
            }
        }
        try skip(try size() * 3) // upvalue descriptions
        let position = functions.count
        functions.append(
            Function(
                lineDefined: lineDefined, isVararg: isVararg, instructions: instructions, lines: [], strings: strings,
                upvalueNames: []))
        for _ in 0..<(try size()) { try readFunction() }

        // Debug information: relative line steps, then absolute lines where a step does not fit.
        let lineInfoCount = try size()
        let lineInfoStart = offset
        try skip(lineInfoCount)
        var absolute: [(pc: Int, line: Int)] = []
        for _ in 0..<(try size()) { absolute.append((try size(), try size())) }
        var line = lineDefined
        var nextAbsolute = 0
        var lines: [Int] = []
        for pc in 0..<lineInfoCount {
            let step = Int8(bitPattern: bytes[lineInfoStart + pc])
            if step == -0x80 {
                guard nextAbsolute < absolute.count, absolute[nextAbsolute].pc == pc else { throw Malformed() }
                line = absolute[nextAbsolute].line
                nextAbsolute += 1
            } else {
                line += Int(step)
            }
            lines.append(line)
        }
        for _ in 0..<(try size()) { // local variables: name, startpc, endpc
            _ = try string()
            _ = try size()
            _ = try size()
        }
        var upvalueNames: [String] = []
        for _ in 0..<(try size()) { upvalueNames.append(try string() ?? "") }
        functions[position].lines = lines
        functions[position].upvalueNames = upvalueNames
    }
}
