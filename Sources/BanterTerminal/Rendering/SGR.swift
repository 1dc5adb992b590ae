/// Select Graphic Rendition sequences: the only escape sequences Banter's renderer emits.
public enum SGR {
    public static let reset = "\u{1B}[0m"
    public static let dim = "\u{1B}[2m"
    /// Reverse video: the text colour becomes the background and the background the glyph.
    public static let inverse = "\u{1B}[7m"

    /// Sets the text colour in `mode`; empty when the mode has no colour.
    public static func foreground(_ color: RGBColor, mode: ColorMode) -> String {
        switch mode {
        case .none: return ""
        case .palette256: return "\u{1B}[38;5;\(color.paletteIndex)m"
        case .trueColor: return "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
        }
    }

    /// Sets the background colour in `mode`; empty when the mode has no colour.
    public static func background(_ color: RGBColor, mode: ColorMode) -> String {
        switch mode {
        case .none: return ""
        case .palette256: return "\u{1B}[48;5;\(color.paletteIndex)m"
        case .trueColor: return "\u{1B}[48;2;\(color.red);\(color.green);\(color.blue)m"
        }
    }

    /// `line` without the renderer's own escapes (SGR: ESC "[" digits and semicolons "m";
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
                    while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
                    if end < scalars.count, scalars[end] == "m" {
                        index = end + 1
                        continue
                    }
                } else if scalars[index + 1] == "]" || scalars[index + 1] == "_" {
                    var end = index + 2
                    while end < scalars.count {
                        if scalars[end] == "\u{07}" { end += 1; break }
                        if scalars[end] == "\u{1B}", end + 1 < scalars.count, scalars[end + 1] == "\\" { end += 2; break }
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
