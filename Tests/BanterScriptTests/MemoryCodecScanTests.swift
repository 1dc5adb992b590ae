import BanterLua
import Testing

@testable import BanterScript

/// The JSON scanner `MemoryCodec.decode` tries first reads its subset exactly, and leaves
/// everything else (fractions, exponents, huge integers, repeated keys, bad text) to
/// `JSONDecoder`, so decoding gives the same values as before.
@Suite struct MemoryCodecScanTests {
    @Test func readsItsSubset() {
        #expect(
            MemoryCodec.scan(#" { "a" : [1, -2, true, false, null], "b": {"c": "d\"\\\/\n\u00e9\ud83d\ude00"} } "#)
                == .table(
                    LuaTable(fields: [
                        "a": .table(
                            LuaTable(array: [.integer(1), .integer(-2), .boolean(true), .boolean(false), .nil])),
                        "b": .table(LuaTable(fields: ["c": .string("d\"\\/\né😀")])),
                    ])))
        #expect(MemoryCodec.scan("[]") == .table(LuaTable(array: [])))
        #expect(MemoryCodec.scan("{}") == .table(LuaTable(fields: [:])))
        #expect(MemoryCodec.scan("9223372036854775807") == .integer(Int64.max))
        #expect(MemoryCodec.scan("\"πλ\"") == .string("πλ"))
    }

    @Test func leavesTheRestToTheDecoder() {
        for text in [
            "1.5", "2e3", "-0.0", "9223372036854775808", "01", #"{"a":1,"a":2}"#, "[1,]", "{", "\"\\x\"", "tru",
            "\"\u{01}\"", #""\udc00""#, "1 2",
        ] {
            #expect(MemoryCodec.scan(text) == nil, "\(text)")
        }
        // What Foundation's decoder makes of them, as before the scanner.
        #expect(MemoryCodec.decode("1.5") == .number(1.5))
        #expect(MemoryCodec.decode("{\"n\":2.0}") == .table(LuaTable(fields: ["n": .integer(2)])))
        #expect(MemoryCodec.decode("[1,]") == .table(LuaTable(array: [.integer(1)])))
        #expect(MemoryCodec.decode("{") == nil)
    }
}
