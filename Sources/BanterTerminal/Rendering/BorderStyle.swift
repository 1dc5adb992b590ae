/// How bubbles are drawn. `filled` paints the whole bubble in its colour, as messaging apps
/// do, and needs colour to show; the outlines draw its edges with line characters and work
/// in plain text. Box-drawing characters are "ambiguous width" in Unicode, and some CJK
/// terminal setups draw them two columns wide; `ascii` is safe everywhere.
public enum BorderStyle: String, Hashable, Sendable, CaseIterable {
    /// A solid shape in the bubble's colour: half blocks round it onto half-row margins
    /// (▗▄▄▖ ▐ text ▌ ▝▀▀▘) and a foot along the bottom edge is the tail (▄▟ / ▙▄). Only lower
    /// half blocks (and quadrants) draw the horizontal edges: the top edge as ▄ in the
    /// bubble's colour, the bottom edge inverted (the margin is the glyph, the bubble its
    /// background). Terminals that take block glyphs from the font (xterm, st) draw ▄ to
    /// the cell's edges but start ▀ a pixel below the cell's top, which left a line of the
    /// bubble's colour above every bubble.
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
/// colour on the terminal's background (or, inverted, in the terminal's background on the
/// bubble's colour); text rows sit on the bubble's colour between `left` and `right`.
struct BubbleGlyphs {
    /// Whether the top row is drawn inverted.
    var invertsTop = false
    /// Whether the side columns and the bottom row (with the tail) are drawn inverted.
    var invertsSidesAndBottom = false
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

    /// The shapes ▗▄▖ ▐ ▌ ▝▀▘ with the ▄▟ / ▙▄ tail: the top as it is, the rest as their
    /// inverse glyphs.
    static let filled = BubbleGlyphs(
        invertsSidesAndBottom: true,
        topLeft: "▗", top: "▄", topRight: "▖", left: "▌", right: "▐", bottomLeft: "▙", bottom: "▄", bottomRight: "▟",
        bottomLeftWithTail: "▘", leftTail: "▀", bottomRightWithTail: "▝", rightTail: "▀")
    static let rounded = BubbleGlyphs(
        topLeft: "╭", top: "─", topRight: "╮", left: "│", right: "│", bottomLeft: "╰", bottom: "─", bottomRight: "╯",
        bottomLeftWithTail: "╰", leftTail: "╱", bottomRightWithTail: "╯", rightTail: "╲")
    static let ascii = BubbleGlyphs(
        topLeft: "+", top: "-", topRight: "+", left: "|", right: "|", bottomLeft: "+", bottom: "-", bottomRight: "+",
        bottomLeftWithTail: "+", leftTail: "/", bottomRightWithTail: "+", rightTail: "\\")
}
