import BanterTheme

/// What one side's bubbles are drawn with in one style: the glyphs of `BorderStyle` put
/// together with the theme's colours, once per render. `BubblePainter` decides where a
/// bubble goes; this decides what its edges look like, so a new style is glyphs only.
///
/// Every row it builds is the bubble's full footprint (`inner + BubblePainter.chrome`
/// columns): the tail column on the sender's side, the two edges, and the padding.
struct BubbleChrome {
    let sentByMe: Bool
    /// Tail column, left edge and left padding, ending in the body colour (text rows).
    let leadingEdge: String
    /// Right padding, right edge and tail column, colours reset (text rows).
    let trailingEdge: String

    private let glyphs: BubbleGlyphs
    private let edge: String
    private let topEdge: String
    private let reset: String

    init(style: BorderStyle, sentByMe: Bool, escapes: ThemeEscapes) {
        glyphs = style.glyphs
        self.sentByMe = sentByMe
        let border = sentByMe ? escapes.sentEdge : escapes.receivedEdge
        edge = style.glyphs.invertsSidesAndBottom ? escapes.inverse + border : border
        topEdge = style.glyphs.invertsTop ? escapes.inverse + border : border
        let body = sentByMe ? escapes.sentBody : escapes.receivedBody
        // A bubble without colours (mono) needs no reset after its pieces.
        reset = edge.isEmpty && topEdge.isEmpty && body.isEmpty ? "" : escapes.reset
        let glyphs = style.glyphs
        let left = edge + glyphs.left + reset + body + " "
        let right = " " + reset + edge + glyphs.right + reset
        leadingEdge = sentByMe ? left : " " + left
        trailingEdge = sentByMe ? right + " " : right
    }

    /// The row above the text, `inner` columns of text wide.
    func top(inner: Int) -> String {
        let run = String(repeating: glyphs.top, count: inner + 2)
        let box = topEdge + glyphs.topLeft + run + glyphs.topRight + reset
        return sentByMe ? box + " " : " " + box
    }

    /// The row below the text, with the tail in the sender's tail column when `tail`
    /// (without it the column is a plain space, outside the edge's colours).
    func bottom(inner: Int, tail: Bool) -> String {
        let run = String(repeating: glyphs.bottom, count: inner + 2)
        if sentByMe {
            let box = edge + glyphs.bottomLeft + run
            return tail
                ? box + glyphs.bottomRightWithTail + glyphs.rightTail + reset
                : box + glyphs.bottomRight + reset + " "
        }
        return tail
            ? edge + glyphs.leftTail + glyphs.bottomLeftWithTail + run + glyphs.bottomRight + reset
            : " " + edge + glyphs.bottomLeft + run + glyphs.bottomRight + reset
    }
}
