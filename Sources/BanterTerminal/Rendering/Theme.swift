import BanterTheme

/// How the transcript looks: the palette (every colour by role), the bubble style, how much
/// colour the output can show and what its filled bubbles are built from. Degradation
/// happens in one place, `ThemeEscapes`: a 256-colour terminal gets each colour's nearest
/// palette entry, a terminal without colour gets no escape at all.
public struct Theme: Hashable, Sendable {
    package var palette: Palette
    /// The bubble style as it can show: `filled` needs colour and a palette that fills
    /// bubbles, and becomes `rounded` without them.
    public var borderStyle: BorderStyle
    public var colorMode: ColorMode
    /// What filled bubbles are built from in this terminal (`FillShapes.choose`).
    package var fillShapes: FillShapes

    /// The border style is resolved here, once, against the palette and colour mode; nil takes
    /// the best they allow. Colourless by default, so nothing paints unless asked.
    public init(
        palette: Palette = .standard, borderStyle: BorderStyle? = nil, colorMode: ColorMode = .none,
        fillShapes: FillShapes = .halfBlocks
    ) {
        self.palette = palette
        self.borderStyle = BorderStyle.resolved(borderStyle, colorMode: palette.fillsBubbles ? colorMode : .none)
        self.colorMode = colorMode
        self.fillShapes = fillShapes
    }
}
