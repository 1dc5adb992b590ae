/// How bubbles are drawn. `filled` paints the whole bubble in its colour, as messaging apps
/// do, and needs colour to show; the outlines draw its edges with line characters and work
/// in plain text. Box-drawing characters are "ambiguous width" in Unicode, and some CJK
/// terminal setups draw them two columns wide; `ascii` is safe everywhere.
public enum BorderStyle: String, Hashable, Sendable, CaseIterable {
    /// A solid shape in the bubble's colour: half blocks round it onto half-row margins
    /// (▗▄▄▖ ▐ text ▌ ▝▀▀▘) and a foot along the bottom edge is the tail (▄▟ / ▙▄). The blocks are
    /// drawn inverted (the margin is the glyph, the bubble its background) so that every
    /// seam inside the bubble is background against background: fonts whose block glyphs
    /// miss the cell by a pixel leave no lines across the bubble.
    case filled
    /// ╭──╮ │ ╰──╯, with a "╱" / "╲" tail.
    case rounded
    /// +--+ | +--+, with a "/" / "\" tail.
    case ascii

    /// The style that shows in `colorMode`: `requested`, or by default `filled` with colour
    /// and `rounded` without; `filled` becomes `rounded` without colour, which it needs.
    public static func resolved(_ requested: BorderStyle?, colorMode: ColorMode) -> BorderStyle {
        guard colorMode != .none else { return requested == .ascii ? .ascii : .rounded }
        return requested ?? .filled
    }

    var glyphs: BubbleGlyphs {
        switch self {
        case .filled: .filled
        case .rounded: .rounded
        case .ascii: .ascii
        }
    }
}

/// The characters of one style, each one column wide. Every edge is drawn in the bubble's
/// colour on the terminal's background (or, `inverted`, in the terminal's background on the
/// bubble's colour); text rows sit on the bubble's colour between `left` and `right`.
struct BubbleGlyphs {
    var inverted = false
    var topLeft: String
    var top: String
    var topRight: String
    var left: String
    var right: String
    var bottomLeft: String
    var bottom: String
    var bottomRight: String
    /// The bottom corner on the tail's side when the bubble carries it, and the tail, in
    /// the column beside that corner.
    var bottomLeftWithTail: String
    var leftTail: String
    var bottomRightWithTail: String
    var rightTail: String

    /// The shapes ▗▄▖ ▐ ▌ ▝▀▘ with the ▄▟ / ▙▄ tail, as their inverse glyphs.
    static let filled = BubbleGlyphs(
        inverted: true,
        topLeft: "▛", top: "▀", topRight: "▜", left: "▌", right: "▐", bottomLeft: "▙", bottom: "▄", bottomRight: "▟",
        bottomLeftWithTail: "▘", leftTail: "▀", bottomRightWithTail: "▝", rightTail: "▀")
    static let rounded = BubbleGlyphs(
        topLeft: "╭", top: "─", topRight: "╮", left: "│", right: "│", bottomLeft: "╰", bottom: "─", bottomRight: "╯",
        bottomLeftWithTail: "╰", leftTail: "╱", bottomRightWithTail: "╯", rightTail: "╲")
    static let ascii = BubbleGlyphs(
        topLeft: "+", top: "-", topRight: "+", left: "|", right: "|", bottomLeft: "+", bottom: "-", bottomRight: "+",
        bottomLeftWithTail: "+", leftTail: "/", bottomRightWithTail: "+", rightTail: "\\")
}
