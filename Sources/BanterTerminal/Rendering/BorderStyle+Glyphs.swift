import BanterTheme

/// What a `BorderStyle` needs from the terminal: which style shows in a colour mode, and
/// the glyphs each style draws with.
extension BorderStyle {
    /// The style that shows in `colorMode`: `requested`, or by default `filled` with colour
    /// and `rounded` without; `filled` becomes `rounded` without colour, which it needs.
    package static func resolved(_ requested: BorderStyle?, colorMode: ColorMode) -> BorderStyle {
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
struct BubbleGlyphs: Sendable {
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
