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

    private let style: BorderStyle
    private let edge: String
    private let reset: String

    init(style: BorderStyle, sentByMe: Bool, escapes: ThemeEscapes) {
        self.style = style
        self.sentByMe = sentByMe
        edge = sentByMe ? escapes.sentBorder : escapes.receivedBorder
        reset = escapes.reset
        let body = sentByMe ? escapes.sentBody : escapes.receivedBody
        let left = edge + style.vertical + reset + body + " "
        let right = " " + reset + edge + style.verticalRight + reset
        leadingEdge = sentByMe ? left : " " + left
        trailingEdge = sentByMe ? right + " " : right
    }

    /// The row above the text, `inner` columns of text wide.
    func top(inner: Int) -> String {
        let run = String(repeating: style.topRun, count: inner + 2)
        let box = edge + style.topLeft + run + style.topRight + reset
        return sentByMe ? box + " " : " " + box
    }

    /// The row below the text, with the tail in the sender's tail column when `tail`.
    func bottom(inner: Int, tail: Bool) -> String {
        let run = String(repeating: style.bottomRun, count: inner + 2)
        if sentByMe {
            let corner = tail ? style.bottomRightWithTail : style.bottomRight
            return edge + style.bottomLeft + run + corner + (tail ? style.rightTail : " ") + reset
        }
        let corner = tail ? style.bottomLeftWithTail : style.bottomLeft
        return edge + (tail ? style.leftTail : " ") + corner + run + style.bottomRight + reset
    }
}
