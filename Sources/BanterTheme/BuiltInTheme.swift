/// The themes Banter ships with, chosen by name (`--theme dark`, `theme = "dark"`).
package enum BuiltInTheme: String, CaseIterable, Sendable {
    /// Brand pink and light grey bubbles, readable on any background.
    case `default`
    /// For dark terminal backgrounds: deeper bubbles, brighter secondary text.
    case dark
    /// For light terminal backgrounds: blue and pale grey bubbles, darker secondary text.
    case light
    /// No colour at all, only attributes (bold, dim, italic, reverse): outlined bubbles.
    case mono

    /// One line for `banter themes`.
    package var summary: String {
        switch self {
        case .default: "brand pink and light grey bubbles, for any background"
        case .dark: "for dark terminal backgrounds"
        case .light: "for light terminal backgrounds"
        case .mono: "no colour, attributes only; outlined bubbles"
        }
    }

    package var palette: Palette {
        switch self {
        case .default: .standard
        case .dark: .dark
        case .light: .light
        case .mono: .mono
        }
    }
}

private func hex(_ text: String) -> ThemeColor {
    guard let color = RGBColor(hex: text) else { preconditionFailure("bad built-in colour \(text)") }
    return .rgb(color)
}

extension Palette {
    /// The `default` theme.
    public static let standard = Palette(
        sent: BubbleColors(fill: .rgb(.brandPink), border: .rgb(.brandPink), text: .rgb(.white)),
        received: BubbleColors(fill: .rgb(.lightGrey), border: .rgb(.lightGrey), text: .rgb(.nearBlack)),
        page: PageColors(background: .rgb(.white), text: .rgb(.nearBlack)),
        status: TextStyle(foreground: .rgb(.midGrey)),
        statusRead: TextStyle(foreground: .rgb(.brandPink)),
        highlight: TextStyle(foreground: .rgb(.nearBlack), background: .rgb(.highlightYellow)),
        error: TextStyle(foreground: hex("#D32F2F")))

    /// The `dark` theme.
    package static let dark = Palette(
        sent: BubbleColors(fill: hex("#C62E4A"), border: hex("#E5566A"), text: hex("#FFFFFF")),
        received: BubbleColors(fill: hex("#3A3A3C"), border: hex("#636366"), text: hex("#F2F2F7")),
        page: PageColors(background: hex("#1C1C1E"), text: hex("#F2F2F7")),
        header: TextStyle(foreground: hex("#AEAEB2")),
        system: TextStyle(foreground: hex("#98989D")),
        notice: TextStyle(foreground: hex("#FF9F0A")),
        status: TextStyle(foreground: hex("#98989D")),
        statusRead: TextStyle(foreground: hex("#FF6B81")),
        statusSending: TextStyle(foreground: hex("#7C7C80")),
        typing: TextStyle(foreground: hex("#98989D"), italic: true),
        highlight: TextStyle(foreground: hex("#1C1C1E"), background: hex("#FFD60A")),
        trace: TextStyle(foreground: hex("#8E8E93")),
        error: TextStyle(foreground: hex("#FF453A"), bold: true),
        prompt: TextStyle(foreground: hex("#98989D")))

    /// The `light` theme.
    package static let light = Palette(
        sent: BubbleColors(fill: hex("#0066DD"), border: hex("#0066DD"), text: hex("#FFFFFF")),
        received: BubbleColors(fill: hex("#E9E9EB"), border: hex("#C7C7CC"), text: hex("#000000")),
        page: PageColors(background: hex("#FFFFFF"), text: hex("#000000")),
        header: TextStyle(foreground: hex("#6C6C70")),
        system: TextStyle(foreground: hex("#6C6C70")),
        notice: TextStyle(foreground: hex("#B25000")),
        status: TextStyle(foreground: hex("#6C6C70")),
        statusRead: TextStyle(foreground: hex("#0066DD")),
        statusSending: TextStyle(foreground: hex("#8E8E93")),
        typing: TextStyle(foreground: hex("#6C6C70"), italic: true),
        highlight: TextStyle(foreground: hex("#000000"), background: hex("#FFE066")),
        trace: TextStyle(foreground: hex("#8E8E93")),
        error: TextStyle(foreground: hex("#D70015"), bold: true),
        prompt: TextStyle(foreground: hex("#6C6C70")))

    /// The `mono` theme: attributes only. Faint is kept for quiet roles outside bubbles only:
    /// terminals that blend it toward the background leave black on white at 3.9:1, and text
    /// inside a bubble reads at 4.5:1 (the edited mark is italic alone).
    package static let mono = Palette(
        sent: BubbleColors(), received: BubbleColors(),
        page: PageColors(background: hex("#FFFFFF"), text: hex("#000000")),
        header: TextStyle(bold: true),
        notice: TextStyle(italic: true),
        status: .faint,
        statusRead: TextStyle(bold: true),
        typing: TextStyle(dim: true, italic: true),
        highlight: TextStyle(inverse: true),
        error: TextStyle(bold: true),
        quote: TextStyle(italic: true),
        edited: TextStyle(italic: true),
        participants: [])
}
