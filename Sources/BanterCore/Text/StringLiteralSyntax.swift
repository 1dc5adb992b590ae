/// A double-quoted string literal as Banter writes one, in JSON (the export, a bot's stored
/// memory) or in Lua (saved scenarios). Both languages take the same C-style escapes for a
/// quote, a backslash and the common controls, so that rule lives here once; the three
/// syntaxes below differ only in the data that says how a control without a letter is
/// written, which controls have a letter, and which scalars beyond the controls are hidden
/// behind an escape. Every text reads back exactly, and what each writes is pinned byte for
/// byte: export goldens, stored memory and saved scenarios must not change.
package struct StringLiteralSyntax: Sendable {
    /// How a scalar that must be escaped and has no letter is written.
    enum NumericEscape: Sendable {
        /// `\u001b`: four lowercase hex digits (JSON). Only scalars below U+10000 are ever
        /// escaped, so four digits always suffice.
        case unicode
        /// `\027`: three decimal digits (Lua), always three, so a digit that follows in the
        /// text is not read as part of the escape.
        case decimal
    }

    /// The controls written as a backslash and a letter (`\n`); other controls get a number.
    let letters: [Unicode.Scalar: String]
    /// The scalars above the C0 controls that are escaped too, as numbers.
    let alsoEscaped: [ClosedRange<UInt32>]
    /// How the escaped scalars without a letter are written.
    let numericEscape: NumericEscape

    /// JSON as a bot's memory is stored: what JSON requires (quote, backslash, C0 controls),
    /// with `\n`, `\r` and `\t` by letter. The memory is compared as text to tell what
    /// changed, so this must keep writing what it always wrote.
    package static let json = StringLiteralSyntax(
        letters: ["\n": "\\n", "\r": "\\r", "\t": "\\t"], alsoEscaped: [], numericEscape: .unicode)

    /// JSON as the export writes it: also DEL, C1 controls, line and paragraph separators and
    /// bidi controls, so that showing a transcript file in a terminal or an editor is as safe
    /// as the transcript itself; `\b` and `\f` by letter too.
    package static let displaySafeJSON = StringLiteralSyntax(
        letters: ["\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{08}": "\\b", "\u{0C}": "\\f"],
        alsoEscaped: [0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069], numericEscape: .unicode)

    /// A Lua string literal: controls and DEL as `\ddd`, so a scenario file shows no raw
    /// control characters and any text reads back exactly.
    package static let lua = StringLiteralSyntax(
        letters: ["\n": "\\n", "\r": "\\r", "\t": "\\t"], alsoEscaped: [0x7F...0x7F], numericEscape: .decimal)

    /// `text` as a quoted literal.
    package func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a quoted literal: no intermediate string per value, for writers
    /// that build a whole document in one buffer.
    package func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case _ where scalar.value < 0x20: output += letters[scalar] ?? numericEscape.text(for: scalar)
            case _ where escapesAlso(scalar): appendNumericEscape(scalar, to: &output)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Whether `scalar`, which is no C0 control, quote or backslash, is escaped all the same.
    package func escapesAlso(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x7F && alsoEscaped.contains { $0.contains(scalar.value) }
    }

    /// Appends `scalar` as a numeric escape.
    package func appendNumericEscape(_ scalar: Unicode.Scalar, to output: inout String) {
        output += numericEscape.text(for: scalar)
    }
}

extension StringLiteralSyntax.NumericEscape {
    fileprivate func text(for scalar: Unicode.Scalar) -> String {
        switch self {
        case .unicode:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        case .decimal:
            let digits = String(scalar.value)
            return "\\" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        }
    }
}
