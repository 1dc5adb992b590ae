/// A colour as a theme writes it: 24-bit ("#RRGGBB") or an entry of the xterm 256-colour
/// palette (`123`). Each output converts it to what it can show: a 256-colour terminal
/// takes an index as it is and the nearest entry for 24-bit; a 24-bit terminal takes both
/// as they are; HTML takes the index's standard xterm value.
public enum ThemeColor: Hashable, Sendable {
    case rgb(RGBColor)
    case indexed(UInt8)

    /// Parses "#RRGGBB" or a palette index 0...255 written as a decimal string; nil for
    /// anything else.
    public init?(parsing text: String) {
        if text.hasPrefix("#") {
            guard let color = RGBColor(hex: text) else { return nil }
            self = .rgb(color)
        } else if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let index = UInt8(text) {
            self = .indexed(index)
        } else {
            return nil
        }
    }

    /// What a theme file accepts, for error messages.
    package static let accepted = "a colour \"#RRGGBB\" (e.g. \"#F25967\") or a 256-colour index 0–255 (e.g. 203)"

    /// The nearest xterm palette entry.
    package var paletteIndex: Int {
        switch self {
        case .rgb(let color): color.paletteIndex
        case .indexed(let index): Int(index)
        }
    }

    /// The 24-bit value: itself, or the standard xterm colour of the index.
    package var rgb: RGBColor {
        switch self {
        case .rgb(let color): color
        case .indexed(let index): XTermPalette.color(at: index)
        }
    }

    /// How a theme file writes it back: "#RRGGBB" or the index.
    package var written: String {
        switch self {
        case .rgb(let color): "\"\(color.hex)\""
        case .indexed(let index): String(index)
        }
    }
}
