/// Makes untrusted text (message bodies, participant names, titles, headers) safe to measure
/// and print: nothing in it can move the cursor, change colours, retitle the window or
/// reorder what the reader sees.
///
/// - C0 controls and DEL become Control Pictures (U+2400 + n, DEL as U+2421, so ESC shows
///   as "␛"); a lone CR shows as "␍".
/// - C1 controls (U+0080–U+009F) become the ASCII text `<U+009B>`, so an 8-bit CSI is
///   visible and cannot be confused with any printable glyph.
/// - Tabs become `tabWidth` spaces: inside a re-wrapped bubble, tab stops mean nothing.
/// - The nine bidi embedding, override and isolate characters (U+202A–U+202E,
///   U+2066–U+2069) are dropped (Trojan Source); ZWJ, ZWNJ, variation selectors and emoji
///   tag characters are kept.
/// - Line breaks (LF, CRLF, U+2028, U+2029) become LF when `keepingNewlines` (message
///   bodies, where a break is content), else "␊".
/// - A combining mark with nothing to combine with (at the start of a line) gets a dotted
///   circle base "◌", so it cannot attach itself to a border glyph.
public enum Sanitizer {
    /// The sanitised form of `text`; pure ASCII text without controls is returned as is.
    public static func sanitize(_ text: String, keepingNewlines: Bool = false, tabWidth: Int = 4) -> String {
        if isClean(text.utf8, keepingNewlines: keepingNewlines) { return text }
        var output = String()
        output.reserveCapacity(text.utf8.count + 16)
        var atLineStart = true
        var pendingCarriageReturn = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if pendingCarriageReturn {
                pendingCarriageReturn = false
                if value == 0x0A {
                    appendLineBreak(to: &output, keepingNewlines: keepingNewlines)
                    atLineStart = true
                    continue
                }
                output.unicodeScalars.append(Unicode.Scalar(0x240D)!)
                atLineStart = false
            }
            switch value {
            case 0x0D:
                pendingCarriageReturn = true
            case 0x0A, 0x2028, 0x2029:
                appendLineBreak(to: &output, keepingNewlines: keepingNewlines)
                atLineStart = true
            case 0x09:
                for _ in 0..<max(tabWidth, 1) { output.unicodeScalars.append(" ") }
                atLineStart = false
            case 0x00..<0x20:
                output.unicodeScalars.append(Unicode.Scalar(0x2400 + value)!)
                atLineStart = false
            case 0x7F:
                output.unicodeScalars.append(Unicode.Scalar(0x2421)!)
                atLineStart = false
            case 0x80...0x9F:
                output += "<U+00"
                output += hexDigits(value)
                output += ">"
                atLineStart = false
            case 0x202A...0x202E, 0x2066...0x2069:
                break
            default:
                if atLineStart, value >= 0x300, isCombiningMark(scalar) {
                    output.unicodeScalars.append(Unicode.Scalar(0x25CC)!)
                }
                output.unicodeScalars.append(scalar)
                atLineStart = false
            }
        }
        if pendingCarriageReturn { output.unicodeScalars.append(Unicode.Scalar(0x240D)!) }
        return output
    }

    /// Whether `utf8` is printable ASCII only (plus LF when newlines are kept).
    private static func isClean(_ utf8: String.UTF8View, keepingNewlines: Bool) -> Bool {
        let clean = utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer where byte < 0x20 || byte > 0x7E {
                if byte == 0x0A, keepingNewlines { continue }
                return false
            }
            return true
        }
        return clean ?? false
    }

    private static func appendLineBreak(to output: inout String, keepingNewlines: Bool) {
        output.unicodeScalars.append(keepingNewlines ? "\n" : Unicode.Scalar(0x240A)!)
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    private static func hexDigits(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}
