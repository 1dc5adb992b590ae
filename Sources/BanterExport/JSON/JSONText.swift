/// JSON string literals as Banter writes them: what JSON requires escaped, and also DEL,
/// C1 controls, line separators and bidi controls as `\u` escapes, so that showing a
/// transcript file in a terminal or an editor is as safe as the transcript itself; the
/// text still reads back exactly.
enum JSONText {
    /// Appends `text` as a quoted JSON string.
    static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        if text.utf8.contains(where: mayNeedEscape) {
            for scalar in text.unicodeScalars { appendEscaped(scalar, to: &output) }
        } else {
            output += text
        }
        output += "\""
    }

    /// `json` (JSON text) with the extra escapes applied to every scalar outside ASCII
    /// that needs one; JSON's own escapes are left as they are.
    static func escapingUnsafeScalars(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == 0x7F || $0 >= 0xC2 }) else { return json }
        var output = String()
        output.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) { appendUnicodeEscape(scalar, to: &output) } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }

    /// A conservative first look at one UTF-8 byte: quotes, backslashes, controls and the
    /// lead bytes of C1 controls (C2) and of the separators and bidi controls (E2).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to output: inout String) {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{08}": output += "\\b"
        case "\u{0C}": output += "\\f"
        default:
            if scalar.value < 0x20 || isUnsafe(scalar) {
                appendUnicodeEscape(scalar, to: &output)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func appendUnicodeEscape(_ scalar: Unicode.Scalar, to output: inout String) {
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
