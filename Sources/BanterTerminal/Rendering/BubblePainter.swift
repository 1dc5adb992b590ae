import BanterCore

/// Draws bubbles at one terminal width, caching what repeats from bubble to bubble (borders
/// of a given size, padding, the edges with their colours) for the length of one render.
///
/// Geometry: a bubble is `│ text │` plus one column on the sender's side for the tail, so
/// bubbles of one cluster line up whether or not they carry it. Received bubbles start at
/// column 0 (the tail column); sent ones end one column before the last, which stays empty.
struct BubblePainter {
    let style: BorderStyle
    let escapes: ThemeEscapes
    /// Columns a line may use: the terminal width minus the last column.
    let usable: Int
    /// The widest a bubble may be, tail column included (about 70% of the width).
    let maxFootprint: Int
    /// The widest text inside a bubble.
    let maxInner: Int

    private let padding: [String]
    private var tops: [[String?]]
    private var bottoms: [[String?]]
    private let sentLeftEdge: String
    private let sentRightEdge: String
    private let receivedLeftEdge: String
    private let receivedRightEdge: String

    /// The columns a bubble adds around its text: two borders, two spaces, the tail column.
    static let chrome = 5

    init(width: Int, style: BorderStyle, escapes: ThemeEscapes) {
        self.style = style
        self.escapes = escapes
        usable = max(width - 1, 1)
        maxFootprint = min(usable, max(width * 7 / 10, Self.chrome + 2))
        maxInner = max(maxFootprint - Self.chrome, 2)
        padding = (0...max(usable, 0)).map { String(repeating: " ", count: $0) }
        let cacheSize = max(usable, maxInner) + 1
        tops = Array(repeating: Array(repeating: nil, count: cacheSize), count: 2)
        bottoms = Array(repeating: Array(repeating: nil, count: cacheSize), count: 4)
        sentLeftEdge = escapes.sentBorder + style.vertical + escapes.reset + escapes.sentBody + " "
        sentRightEdge = " " + escapes.reset + escapes.sentBorder + style.vertical + escapes.reset
        receivedLeftEdge = escapes.receivedBorder + style.vertical + escapes.reset + escapes.receivedBody + " "
        receivedRightEdge = " " + escapes.reset + escapes.receivedBorder + style.vertical + escapes.reset
    }

    /// `count` spaces (clamped to the usable width).
    func spaces(_ count: Int) -> String {
        padding[min(max(count, 0), padding.count - 1)]
    }

    /// Appends the bubble of `lines` (already wrapped to `maxInner`) for `sender`.
    mutating func appendBubble(_ lines: [WrappedLine], sentByMe: Bool, hasTail: Bool, into output: inout [String]) {
        var inner = 1
        for line in lines where line.width > inner { inner = line.width }
        let footprint = inner + Self.chrome
        let side = sentByMe ? 0 : 1
        let leadingPad = sentByMe ? spaces(usable - footprint) : ""
        let tailColumn = " "

        output.append(top(side: side, inner: inner, pad: leadingPad))
        let leftEdge = sentByMe ? sentLeftEdge : receivedLeftEdge
        let rightEdge = sentByMe ? sentRightEdge : receivedRightEdge
        for line in lines {
            var row = String()
            row.reserveCapacity(leadingPad.utf8.count + line.text.utf8.count + inner + 64)
            if sentByMe { row += leadingPad } else { row += tailColumn }
            row += leftEdge
            row += line.text
            row += spaces(inner - line.width)
            row += rightEdge
            if sentByMe { row += tailColumn }
            output.append(row)
        }
        output.append(bottom(side: side, inner: inner, tail: hasTail, pad: leadingPad))
    }

    private mutating func top(side: Int, inner: Int, pad: String) -> String {
        let cached: String
        if inner < tops[side].count, let hit = tops[side][inner] {
            cached = hit
        } else {
            let border = side == 0 ? escapes.sentBorder : escapes.receivedBorder
            let run = String(repeating: style.horizontal, count: inner + 2)
            let box = border + style.topLeft + run + style.topRight + escapes.reset
            cached = side == 0 ? box + " " : " " + box
            if inner < tops[side].count { tops[side][inner] = cached }
        }
        return pad.isEmpty ? cached : pad + cached
    }

    private mutating func bottom(side: Int, inner: Int, tail: Bool, pad: String) -> String {
        let slot = side * 2 + (tail ? 1 : 0)
        let cached: String
        if inner < bottoms[slot].count, let hit = bottoms[slot][inner] {
            cached = hit
        } else {
            let border = side == 0 ? escapes.sentBorder : escapes.receivedBorder
            let run = String(repeating: style.horizontal, count: inner + 2)
            let corners = style.bottomLeft + run + style.bottomRight
            if side == 0 {
                cached = border + corners + (tail ? style.rightTail : " ") + escapes.reset
            } else {
                cached = border + (tail ? style.leftTail : " ") + corners + escapes.reset
            }
            if inner < bottoms[slot].count { bottoms[slot][inner] = cached }
        }
        return pad.isEmpty ? cached : pad + cached
    }
}
