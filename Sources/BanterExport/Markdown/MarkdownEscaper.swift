/// Makes sanitised text literal in CommonMark/GFM: whatever a message says, it cannot
/// start a heading, list, quote, link, image, autolink, raw HTML, code span, emphasis,
/// strikethrough or table cell.
///
/// Every character it escapes is ASCII, and in UTF-8 an ASCII byte is always a character
/// of its own, so the work is done on bytes: a line with nothing to escape (most lines)
/// costs one scan and no copy.
enum MarkdownEscaper {
    /// `line` with every special character backslash-escaped. It must hold no line break.
    static func escape(_ line: String) -> String {
        var line = line
        let escaped = line.withUTF8 { bytes -> String? in
            let firstVisible = bytes.firstIndex { $0 != UInt8(ascii: " ") } ?? bytes.count
            // "12. text" and "3) text" would start an ordered list.
            var digitsEnd = firstVisible
            while digitsEnd < bytes.count, (0x30...0x39).contains(bytes[digitsEnd]) { digitsEnd += 1 }
            func needsEscape(_ index: Int) -> Bool {
                let byte = bytes[index]
                return isInlineSpecial(byte)
                    || (index == firstVisible
                        && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "=")))
                    || (index == digitsEnd && digitsEnd > firstVisible
                        && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")))
            }
            guard let first = bytes.indices.first(where: needsEscape) else { return nil }
            var output: [UInt8] = Array(bytes[..<first])
            output.reserveCapacity(bytes.count + 8)
            for index in first..<bytes.count {
                if needsEscape(index) { output.append(UInt8(ascii: "\\")) }
                output.append(bytes[index])
            }
            return String(decoding: output, as: UTF8.self)
        }
        return escaped ?? line
    }

    /// Characters that take part in inline syntax anywhere on a line:
    /// \ ` * _ [ ] < > # | ~ &
    @inline(__always)
    private static func isInlineSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x5C, 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x3C, 0x3E, 0x23, 0x7C, 0x7E, 0x26: true
        default: false
        }
    }
}
