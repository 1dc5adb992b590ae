/// How one kind of line or piece of text is drawn: optional colours and attributes. A
/// monochrome theme uses attributes only; a terminal without colour shows none of it.
public struct TextStyle: Hashable, Sendable {
    package var foreground: ThemeColor?
    package var background: ThemeColor?
    package var bold: Bool
    package var dim: Bool
    package var italic: Bool
    package var underline: Bool
    /// Swaps foreground and background (reverse video).
    package var inverse: Bool

    public init(
        foreground: ThemeColor? = nil, background: ThemeColor? = nil,
        bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false, inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.inverse = inverse
    }

    /// No colour, no attribute: text as the terminal draws it.
    public static let plain = TextStyle()
    /// The terminal's faint text.
    public static let faint = TextStyle(dim: true)
}
