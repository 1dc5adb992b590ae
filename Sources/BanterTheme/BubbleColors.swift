/// The colours of one side's bubbles. Without a fill (a monochrome theme) bubbles are
/// outlines whatever the requested border style, since a filled bubble needs colour.
public struct BubbleColors: Hashable, Sendable {
    /// The bubble's body, and the shape of `filled` bubbles.
    package var fill: ThemeColor?
    /// The outline of `rounded` and `ascii` bubbles.
    package var border: ThemeColor?
    /// The message text inside the bubble.
    package var text: ThemeColor?
    /// Secondary text inside the bubble (a reply's quote, an attachment's details, the
    /// edited and deleted marks) when its role sets no colour of its own; nil derives it
    /// (`secondaryText`).
    var secondary: ThemeColor?

    public init(
        fill: ThemeColor? = nil, border: ThemeColor? = nil, text: ThemeColor? = nil, secondary: ThemeColor? = nil
    ) {
        self.fill = fill
        self.border = border
        self.text = text
        self.secondary = secondary
    }

    /// The contrast every text in a bubble keeps with its fill, WCAG's 4.5:1 for body text.
    static let readableContrast = 4.5

    /// The colour of secondary text on this fill: `secondary` when set, else the text colour
    /// tinted toward the fill (so it reads as quieter than the message) as far as it keeps
    /// `readableContrast` in 24-bit and in 256 colours. Unlike the terminal's faint
    /// attribute, which xterm draws as grey whatever the bubble, it stays readable on any
    /// fill. Nil without a fill or text colour: the role's own style is drawn as it is.
    var secondaryText: ThemeColor? {
        if let secondary { return secondary }
        guard let fill, let text else { return nil }
        for percent in stride(from: 40, through: 5, by: -5) {
            let tint = ThemeColor.rgb(text.rgb.mixed(with: fill.rgb, fraction: Double(percent) / 100))
            if tint.worstContrast(on: fill) >= Self.readableContrast { return tint }
        }
        return text
    }
}
