/// Splits Lua 5.4 source into tokens with their lines and byte ranges, for `banter check`'s
/// look at the literal arguments of API calls and `banter mutate`'s edits. Comments are
/// dropped; strings keep their value (escapes decoded) and their range covers the literal
/// as written, quotes or long brackets included. Source Lua itself rejects (compiled first) never reaches it, so it only has to
/// be right on valid Lua.
package struct LuaLexer {
    package enum Kind: Hashable {
        case name
        case string
        case number
        /// Keywords and punctuation, by their text.
        case symbol
    }

    package struct Token: Hashable {
        package var kind: Kind
        package var text: String
        package var line: Int
        /// Where it is in the source, in UTF-8 bytes.
        package var range: Range<Int> = 0..<0
    }

    private let bytes: [UInt8]
    var index = 0
    private var line = 1

    package static func tokens(_ source: String) -> [Token] {
        var lexer = LuaLexer(bytes: Array(source.utf8))
        var tokens: [Token] = []
        while true {
            lexer.skipSpaceAndComments()
            let start = lexer.index
            guard var token = lexer.next() else { break }
            token.range = start..<lexer.index
            tokens.append(token)
        }
        return tokens
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: Array("#".utf8)) { // a #! first line, skipped as Lua does
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        }
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local",
        "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
    private static let symbols = ["...", "==", "~=", "<=", ">=", "..", "::", "//", "<<", ">>"]

    private func peek(_ offset: Int = 0) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
    }

    private mutating func next() -> Token? {
        skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        let start = index, startLine = line
        let byte = peek()
        if byte.isLetter || byte == 0x5F || byte >= 0x80 {
            while index < bytes.count, peek().isLetter || peek().isDigit || peek() == 0x5F || peek() >= 0x80 {
                index += 1
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            return Token(kind: Self.keywords.contains(text) ? .symbol : .name, text: text, line: startLine)
        }
        if byte.isDigit || (byte == 0x2E && peek(1).isDigit) {
            while index < bytes.count {
                let c = peek()
                if (c == 0x2B || c == 0x2D), [0x65, 0x45, 0x70, 0x50].contains(bytes[index - 1]) {
                    index += 1; continue
                }
                guard c.isLetter || c.isDigit || c == 0x2E else { break }
                index += 1
            }
            return Token(kind: .number, text: String(decoding: bytes[start..<index], as: UTF8.self), line: startLine)
        }
        if byte == 0x22 || byte == 0x27 { return Token(kind: .string, text: quotedString(byte), line: startLine) }
        if byte == 0x5B, let level = longBracketLevel() {
            return Token(kind: .string, text: longString(level: level), line: startLine)
        }
        for symbol in Self.symbols where bytes[index...].starts(with: Array(symbol.utf8)) {
            index += symbol.utf8.count
            return Token(kind: .symbol, text: symbol, line: startLine)
        }
        index += 1
        return Token(kind: .symbol, text: String(decoding: [byte], as: UTF8.self), line: startLine)
    }

    mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let byte = peek()
            if byte == 0x0A {
                line += 1
                index += 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                index += 1
            } else if byte == 0x2D, peek(1) == 0x2D {
                index += 2
                if peek() == 0x5B, let level = longBracketLevel() {
                    _ = longString(level: level)
                } else {
                    while index < bytes.count, peek() != 0x0A { index += 1 }
                }
            } else {
                return
            }
        }
    }

    /// At `[`: the level of a long bracket `[==[` (number of `=`), else nil.
    private func longBracketLevel() -> Int? {
        var level = 0
        while peek(1 + level) == 0x3D { level += 1 }
        return peek(1 + level) == 0x5B ? level : nil
    }

    private mutating func longString(level: Int) -> String {
        index += level + 2
        if peek() == 0x0D { index += 1 }
        if peek() == 0x0A { index += 1; line += 1 }
        let start = index
        let close = [0x5D] + [UInt8](repeating: 0x3D, count: level) + [0x5D]
        while index < bytes.count, !bytes[index...].starts(with: close) {
            if peek() == 0x0A { line += 1 }
            index += 1
        }
        let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
        index = min(index + close.count, bytes.count)
        return text
    }

    private mutating func quotedString(_ quote: UInt8) -> String {
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, peek() != quote, peek() != 0x0A {
            guard peek() == 0x5C else {
                value.append(peek())
                index += 1
                continue
            }
            index += 1
            let escape = peek()
            index += 1
            switch escape {
            case 0x6E: value.append(0x0A)
            case 0x74: value.append(0x09)
            case 0x72: value.append(0x0D)
            case 0x61: value.append(0x07)
            case 0x62: value.append(0x08)
            case 0x66: value.append(0x0C)
            case 0x76: value.append(0x0B)
            case 0x0A: value.append(0x0A); line += 1
            case 0x78: // \xXX
                let hex = String(decoding: bytes[index..<min(index + 2, bytes.count)], as: UTF8.self)
                value.append(UInt8(hex, radix: 16) ?? 0)
                index += 2
            case 0x7A: // \z skips the following white space
                while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(peek()) {
                    if peek() == 0x0A { line += 1 }
                    index += 1
                }
            case 0x75: // \u{XXX}
                index += 1
                let start = index
                while index < bytes.count, peek() != 0x7D { index += 1 }
                let code = UInt32(String(decoding: bytes[start..<index], as: UTF8.self), radix: 16) ?? 0
                value += Array(String(Unicode.Scalar(code).map(Character.init) ?? "?").utf8)
                index += 1
            case let digit where digit.isDigit:
                var number = Int(digit - 0x30)
                for _ in 0..<2 where peek().isDigit {
                    number = number * 10 + Int(peek() - 0x30)
                    index += 1
                }
                value.append(UInt8(truncatingIfNeeded: number))
            default: value.append(escape)
            }
        }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }
}

private extension UInt8 {
    var isLetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isDigit: Bool { (0x30...0x39).contains(self) }
}
