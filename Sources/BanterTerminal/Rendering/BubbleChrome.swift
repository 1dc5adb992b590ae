import BanterTheme

/// What one side's bubbles are drawn with in one style: the glyphs of `BorderStyle` put
/// together with the theme's colours, once per render. `BubblePainter` decides where a
/// bubble goes; this decides what its edges look like, so a new style is glyphs only. A
/// class: a painter hands it out for every bubble, and a struct of ten strings was copied
/// (ten reference counts) each time.
///
/// Every row it builds is the bubble's full footprint (`inner + BubblePainter.chrome`
/// columns): the tail column on the sender's side, the two edges, and the padding. A filled
/// bubble of `FillShapes.wholeCells` has no bottom row: its tail is on the last text row.
final class BubbleChrome: Sendable {
    let sentByMe: Bool
    /// Tail column, left edge and left padding, ending in the body colour (text rows).
    let leadingEdge: String
    /// Right padding, right edge and tail column, colours reset (text rows).
    let trailingEdge: String
    /// The same on the last text row of a bubble with the tail, when that row carries it
    /// (`drawsBottomRow` false); else equal to the edges above.
    let leadingEdgeWithTail: String
    let trailingEdgeWithTail: String
    /// Whether a row follows the text rows (the bottom edge, with the tail).
    let drawsBottomRow: Bool

    private let glyphs: BubbleGlyphs
    private let edge: String
    private let topEdge: String
    private let reset: String

    init(style: BorderStyle, shapes: FillShapes, sentByMe: Bool, escapes: ThemeEscapes) {
        glyphs = style.glyphs
        self.sentByMe = sentByMe
        let border = sentByMe ? escapes.sentEdge : escapes.receivedEdge
        edge = style.glyphs.invertsSidesAndBottom ? escapes.inverse + border : border
        topEdge = style.glyphs.invertsTop ? escapes.inverse + border : border
        let body = sentByMe ? escapes.sentBody : escapes.receivedBody
        // A bubble without colours (mono) needs no reset after its pieces.
        reset = edge.isEmpty && topEdge.isEmpty && body.isEmpty ? "" : escapes.reset
        if style == .filled, shapes == .wholeCells, !body.isEmpty {
            // Cell backgrounds only: the edge column stays the terminal's, but for the tail.
            drawsBottomRow = false
            let reset = escapes.reset
            if sentByMe {
                leadingEdge = " " + body + " "
                leadingEdgeWithTail = leadingEdge
                trailingEdge = " " + reset + "  "
                trailingEdgeWithTail = "  " + reset + " "
            } else {
                leadingEdge = "  " + body + " "
                leadingEdgeWithTail = " " + body + "  "
                trailingEdge = " " + reset + " "
                trailingEdgeWithTail = trailingEdge
            }
            return
        }
        drawsBottomRow = true
        let glyphs = style.glyphs
        let left = edge + glyphs.left + reset + body + " "
        let right = " " + reset + edge + glyphs.right + reset
        leadingEdge = sentByMe ? left : " " + left
        trailingEdge = sentByMe ? right + " " : right
        leadingEdgeWithTail = leadingEdge
        trailingEdgeWithTail = trailingEdge
    }

    /// The row above the text, `inner` columns of text wide (blank without a bottom row:
    /// the space between bubbles).
    func top(inner: Int) -> String {
        guard drawsBottomRow else { return "" }
        let run = Self.run(of: glyphs.top, count: inner + 2)
        let box = topEdge + glyphs.topLeft + run + glyphs.topRight + reset
        return sentByMe ? box + " " : " " + box
    }

    /// `count` copies of `glyph`, written byte by byte into one string: String(repeating:
    /// count:) appends a copy at a time, about 12 000 instructions for a usual run, which
    /// made the edges 6 % of a short `banter render`.
    private static func run(of glyph: String, count: Int) -> String {
        let bytes = Array(glyph.utf8)
        return String(unsafeUninitializedCapacity: bytes.count * max(count, 0)) { buffer in
            var index = 0
            for _ in 0..<max(count, 0) {
                for byte in bytes {
                    buffer[index] = byte
                    index += 1
                }
            }
            return index
        }
    }

    /// The row below the text, with the tail in the sender's tail column when `tail`
    /// (without it the column is a plain space, outside the edge's colours).
    func bottom(inner: Int, tail: Bool) -> String {
        let run = Self.run(of: glyphs.bottom, count: inner + 2)
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
