/// The characters bubbles are drawn with. Box-drawing characters are "ambiguous width" in
/// Unicode, and some CJK terminal setups draw them two columns wide; `ascii` is safe
/// everywhere.
public enum BorderStyle: String, Hashable, Sendable, CaseIterable {
    /// ╭──╮ │ ╰──╯, with a "╱" / "╲" tail.
    case rounded
    /// +--+ | +--+, with a "/" / "\" tail.
    case ascii

    var topLeft: String { self == .rounded ? "╭" : "+" }
    var topRight: String { self == .rounded ? "╮" : "+" }
    var bottomLeft: String { self == .rounded ? "╰" : "+" }
    var bottomRight: String { self == .rounded ? "╯" : "+" }
    /// The top and bottom edges, one character per column.
    var topRun: String { self == .rounded ? "─" : "-" }
    var bottomRun: String { topRun }
    /// The left and right edges of a text row.
    var vertical: String { self == .rounded ? "│" : "|" }
    var verticalRight: String { vertical }
    /// The bottom corners of a bubble that carries the tail (outlines keep their corner).
    var bottomLeftWithTail: String { bottomLeft }
    var bottomRightWithTail: String { bottomRight }
    /// The tail of a received bubble, left of its bottom-left corner.
    var leftTail: String { self == .rounded ? "╱" : "/" }
    /// The tail of a sent bubble, right of its bottom-right corner.
    var rightTail: String { self == .rounded ? "╲" : "\\" }
}
