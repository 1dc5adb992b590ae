/// A reading position in one line's UTF-8 bytes, with the few tokens a WhatsApp line's
/// stamp is made of. A value: copy it to look ahead.
struct ByteCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { offset >= bytes.count }

    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func next() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Takes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Takes `sequence` if it comes next.
    mutating func take(_ sequence: [UInt8]) -> Bool {
        guard offset + sequence.count <= bytes.count else { return false }
        for (index, byte) in sequence.enumerated() where bytes[offset + index] != byte { return false }
        offset += sequence.count
        return true
    }

    /// Takes an ASCII word, in any case.
    mutating func takeWord(_ word: String) -> Bool {
        let lower = Array(word.utf8)
        guard offset + lower.count <= bytes.count else { return false }
        for (index, byte) in lower.enumerated() where bytes[offset + index] | 0x20 != byte { return false }
        offset += lower.count
        return true
    }

    /// A decimal number of one to `maximumDigits` digits, and how many it had.
    mutating func number(maximumDigits: Int) -> (Int, Int)? {
        var value = 0
        var digits = 0
        while digits < maximumDigits, let byte = peek(), byte >= 0x30, byte <= 0x39 {
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            offset += 1
        }
        if let byte = peek(), byte >= 0x30, byte <= 0x39 { return nil }
        return digits == 0 ? nil : (value, digits)
    }

    /// Skips spaces: ASCII, no-break (U+00A0) and narrow no-break (U+202F), which newer
    /// exports put before "PM". True when at least one was there.
    mutating func skipSpaces() -> Bool {
        let start = offset
        while true {
            if take(0x20) || take(Self.noBreakSpace) || take(Self.narrowNoBreakSpace) { continue }
            break
        }
        return offset > start
    }

    /// Skips the invisible marks exports put before a line or a text: a byte order mark,
    /// the left-to-right and right-to-left marks, and the bidi embedding and isolate
    /// characters (iOS writes U+200E before attachments and system lines).
    mutating func skipInvisibleMarks() {
        while offset + 2 < bytes.count, Self.isInvisibleMark(bytes[offset], bytes[offset + 1], bytes[offset + 2]) {
            offset += 3
        }
    }

    /// Whether these three bytes are one of the marks `skipInvisibleMarks` skips.
    static func isInvisibleMark(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        if a == 0xEF && b == 0xBB && c == 0xBF { return true }
        guard a == 0xE2 else { return false }
        if b == 0x80 { return c == 0x8E || c == 0x8F || (0xAA...0xAE).contains(c) }
        return b == 0x81 && (0xA6...0xA9).contains(c)
    }

    /// A hyphen or an en dash: what separates an Android line's time from its sender.
    mutating func takeDash() -> Bool {
        take(UInt8(ascii: "-")) || take(Self.enDash)
    }

    /// "AM"/"PM" in the forms WhatsApp writes them: any case, `a.m.`, `p. m.`.
    mutating func meridiem() -> WhatsAppStamp.Meridiem? {
        var lookahead = self
        guard let letter = lookahead.next().map({ $0 | 0x20 }), letter == 0x61 || letter == 0x70 else { return nil }
        let dotted = lookahead.take(UInt8(ascii: "."))
        if dotted { _ = lookahead.skipSpaces() }
        guard lookahead.next().map({ $0 | 0x20 }) == UInt8(ascii: "m") else { return nil }
        if dotted { guard lookahead.take(UInt8(ascii: ".")) else { return nil } }
        if let after = lookahead.peek(), after | 0x20 >= 0x61, after | 0x20 <= 0x7A { return nil }
        self = lookahead
        return letter == 0x61 ? .am : .pm
    }

    private static let noBreakSpace: [UInt8] = [0xC2, 0xA0]
    private static let narrowNoBreakSpace: [UInt8] = [0xE2, 0x80, 0xAF]
    private static let enDash: [UInt8] = [0xE2, 0x80, 0x93]
}
