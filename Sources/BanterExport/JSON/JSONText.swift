import BanterCore

/// JSON string literals as the export writes them (`StringLiteralSyntax.displaySafeJSON`:
/// what JSON requires escaped, and also DEL, C1 controls, line separators and bidi controls
/// as `\u` escapes, so that showing a transcript file in a terminal or an editor is as safe
/// as the transcript itself), with a fast path for the common text that needs no escape.
enum JSONText {
    /// Appends `text` as a quoted JSON string.
    static func appendQuoted(_ text: String, to output: inout String) {
        if text.utf8.contains(where: mayNeedEscape) {
            StringLiteralSyntax.displaySafeJSON.appendQuoted(text, to: &output)
        } else {
            output += "\""
            output += text
            output += "\""
        }
    }

    /// `json` (JSON text) with the extra escapes applied to every scalar outside ASCII
    /// that needs one; JSON's own escapes are left as they are.
    static func escapingUnsafeScalars(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == 0x7F || $0 >= 0xC2 }) else { return json }
        let syntax = StringLiteralSyntax.displaySafeJSON
        var output = String()
        output.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if syntax.escapesAlso(scalar) {
                syntax.appendNumericEscape(scalar, to: &output)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A conservative first look at one UTF-8 byte: quotes, backslashes, controls and the
    /// lead bytes of C1 controls (C2) and of the separators and bidi controls (E2), the
    /// scalars `StringLiteralSyntax.displaySafeJSON` escapes.
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }
}
