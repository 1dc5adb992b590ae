/// Neutralises untrusted text (message bodies, names, titles, headers) before it is
/// escaped into Markdown or HTML, by the same rules as the terminal's sanitiser so that an
/// export shows what the terminal showed:
///
/// - C0 controls and DEL become Control Pictures (ESC shows as "␛"); a lone CR as "␍";
/// - C1 controls (U+0080–U+009F) become the visible text `<U+009B>`;
/// - tabs become four spaces;
/// - the nine bidi embedding, override and isolate characters (U+202A–U+202E,
///   U+2066–U+2069) are dropped (Trojan Source); ZWJ, ZWNJ, variation selectors and emoji
///   tags are kept;
/// - line breaks (LF, CRLF, U+2028, U+2029) become LF when `keepingNewlines`, else "␊";
/// - a combining mark at the start of a line gets a dotted circle base "◌".
///
/// The JSON export does not use it: JSON carries the text exactly, for the round trip.
enum ExportSanitizer {
    static func sanitize(_ text: String, keepingNewlines: Bool = false) -> String {
        var output = String()
        output.reserveCapacity(text.utf8.count)
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
                output.unicodeScalars.append("\u{240D}")
                atLineStart = false
            }
            switch value {
            case 0x0D:
                pendingCarriageReturn = true
            case 0x0A, 0x2028, 0x2029:
                appendLineBreak(to: &output, keepingNewlines: keepingNewlines)
                atLineStart = true
            case 0x09:
                output += "    "
                atLineStart = false
            case 0x00..<0x20:
                output.unicodeScalars.append(Unicode.Scalar(0x2400 + value)!)
                atLineStart = false
            case 0x7F:
                output.unicodeScalars.append("\u{2421}")
                atLineStart = false
            case 0x80...0x9F:
                output += "<U+00" + String(value, radix: 16, uppercase: true) + ">"
                atLineStart = false
            case 0x202A...0x202E, 0x2066...0x2069:
                break
            default:
                if atLineStart, value >= 0x300, isCombiningMark(scalar) {
                    output.unicodeScalars.append("\u{25CC}")
                }
                output.unicodeScalars.append(scalar)
                atLineStart = false
            }
        }
        if pendingCarriageReturn { output.unicodeScalars.append("\u{240D}") }
        return output
    }

    private static func appendLineBreak(to output: inout String, keepingNewlines: Bool) {
        output.unicodeScalars.append(keepingNewlines ? "\n" : "\u{240A}")
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }
}
