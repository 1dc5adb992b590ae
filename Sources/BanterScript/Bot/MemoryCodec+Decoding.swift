import BanterLua
import Foundation

/// Reading JSON text back into Lua values without Foundation's `JSONDecoder`: every message
/// with buttons reaches a handler as a decoded table, and the decoder's generic machinery
/// (a thrown error for each type it tries) cost more than the rest of the handler. The
/// scanner reads what `encode` and the store write: objects, arrays, strings, `true`,
/// `false`, `null` and integers. Anything else (a fraction, an exponent, an integer beyond
/// 64 bits, a repeated key, text that is not JSON) returns nil, and `decode` hands the
/// whole text to `JSONDecoder`, so the result never differs from what it gives.
extension MemoryCodec {
    /// The value of `json` when it is in the scanner's subset, else nil.
    static func scan(_ json: String) -> LuaValue? {
        var json = json
        return json.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            guard let value = scanner.value(depth: 0) else { return nil }
            scanner.skipSpace()
            return scanner.index == bytes.count ? value : nil
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Deeper nesting is left to `JSONDecoder` (and its own limit).
        static let maximumDepth = 200

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> LuaValue? {
            skipSpace()
            guard index < bytes.count, depth < Self.maximumDepth else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(LuaValue.string)
            case UInt8(ascii: "t"): return word("true", .boolean(true))
            case UInt8(ascii: "f"): return word("false", .boolean(false))
            case UInt8(ascii: "n"): return word("null", .nil)
            default: return integer()
            }
        }

        private mutating func word(_ text: StaticString, _ value: LuaValue) -> LuaValue? {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count,
                memcmp(bytes.baseAddress! + index, text.utf8Start, count) == 0
            else { return nil }
            index += count
            return value
        }

        private mutating func integer() -> LuaValue? {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > digits, index - digits == 1 || bytes[digits] != 0x30 else { return nil }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                return nil
            }
            guard let text = String(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]), encoding: .utf8),
                let number = Int64(text)
            else { return nil }
            return .integer(number)
        }

        private mutating func string() -> String? {
            index += 1
            var output: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: output, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                    case UInt8(ascii: "b"): output.append(0x08)
                    case UInt8(ascii: "f"): output.append(0x0C)
                    case UInt8(ascii: "n"): output.append(0x0A)
                    case UInt8(ascii: "r"): output.append(0x0D)
                    case UInt8(ascii: "t"): output.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                                bytes[index + 1] == UInt8(ascii: "u")
                            else { return nil }
                            index += 2
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { return nil }
                        output.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    output.append(byte)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
                value = value * 16 + UInt32(digit)
                index += 1
            }
            return value
        }

        private mutating func array(depth: Int) -> LuaValue? {
            index += 1
            var list: [LuaValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .table(LuaTable(array: list))
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                list.append(element)
                skipSpace()
                guard index < bytes.count else { return nil }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "]") { return .table(LuaTable(array: list)) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
            }
        }

        private mutating func object(depth: Int) -> LuaValue? {
            index += 1
            var fields: [String: LuaValue] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .table(LuaTable(fields: fields))
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let element = value(depth: depth + 1), fields.updateValue(element, forKey: key) == nil else {
                    return nil
                }
                skipSpace()
                guard index < bytes.count else { return nil }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "}") { return .table(LuaTable(fields: fields)) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
            }
        }
    }
}
