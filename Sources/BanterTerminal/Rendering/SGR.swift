import BanterTheme

/// Select Graphic Rendition sequences: the only escape sequences Banter's renderer emits.
public enum SGR {
    static let reset = "\u{1B}[0m"
    package static let bold = "\u{1B}[1m"
    package static let dim = "\u{1B}[2m"
    package static let italic = "\u{1B}[3m"
    package static let underline = "\u{1B}[4m"
    /// Reverse video: the text colour becomes the background and the background the glyph.
    package static let inverse = "\u{1B}[7m"

    /// Sets the text colour in `mode`; empty when the mode has no colour.
    package static func foreground(_ color: ThemeColor, mode: ColorMode) -> String {
        colour(color, mode: mode, selector: 38)
    }

    /// Sets the background colour in `mode`; empty when the mode has no colour.
    package static func background(_ color: ThemeColor, mode: ColorMode) -> String {
        colour(color, mode: mode, selector: 48)
    }

    /// Starts text in `style`: its attributes, then its background and foreground. Empty
    /// when the mode has no colour (attributes included: plain output is plain).
    package static func style(_ style: TextStyle, mode: ColorMode) -> String {
        guard mode != .none else { return "" }
        var escape = ""
        if style.bold { escape += bold }
        if style.dim { escape += dim }
        if style.italic { escape += italic }
        if style.underline { escape += underline }
        if style.inverse { escape += inverse }
        if let background = style.background { escape += Self.background(background, mode: mode) }
        if let foreground = style.foreground { escape += Self.foreground(foreground, mode: mode) }
        return escape
    }

    /// A 256-colour terminal gets the nearest palette entry of a 24-bit colour; a 24-bit
    /// terminal gets palette indices as they are, since it knows its own palette.
    private static func colour(_ color: ThemeColor, mode: ColorMode, selector: Int) -> String {
        switch (mode, color) {
        case (.none, _): ""
        case (.trueColor, .rgb(let rgb)): "\u{1B}[\(selector);2;\(rgb.red);\(rgb.green);\(rgb.blue)m"
        case (.palette256, _), (.trueColor, .indexed): "\u{1B}[\(selector);5;\(color.paletteIndex)m"
        }
    }

    /// `line` without the renderer's own escapes (CSI such as SGR and the cursor moves that
    /// place a picture: ESC "[" parameters and a final byte;
    /// OSC such as hyperlinks: ESC "]" … BEL or ESC "\\"; APC such as kitty graphics:
    /// ESC "_" … ESC "\\"), to measure or compare rendered output as plain text.
    public static func strip(_ line: String) -> String {
        guard line.utf8.contains(0x1B) else { return line }
        var output = String.UnicodeScalarView()
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count {
                if scalars[index + 1] == "[" {
                    var end = index + 2
                    while end < scalars.count, (0x20...0x3F).contains(scalars[end].value) { end += 1 }
                    if end < scalars.count, (0x40...0x7E).contains(scalars[end].value) {
                        index = end + 1
                        continue
                    }
                } else if scalars[index + 1] == "]" || scalars[index + 1] == "_" {
                    var end = index + 2
                    while end < scalars.count {
                        if scalars[end] == "\u{07}" { end += 1; break }
                        if scalars[end] == "\u{1B}", end + 1 < scalars.count, scalars[end + 1] == "\\" {
                            end += 2; break
                        }
                        end += 1
                    }
                    index = end
                    continue
                }
            }
            output.append(scalars[index])
            index += 1
        }
        return String(output)
    }
}
