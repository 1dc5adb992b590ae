import BanterCore
import BanterTheme

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
    /// Columns the caller puts before each row (a group's avatar column), for what is placed
    /// by absolute column (pictures).
    var indent = 0

    private let padding: [String]
    private var tops: [[String?]]
    private var bottoms: [[String?]]
    /// The received side's chrome, then the sent side's.
    private let chromes: [BubbleChrome]

    /// The columns a bubble adds around its text: two borders, two spaces, the tail column.
    static let chrome = 5

    init(width: Int, style: BorderStyle, shapes: FillShapes, escapes: ThemeEscapes) {
        self.style = style
        self.escapes = escapes
        usable = max(width - 1, 1)
        maxFootprint = min(usable, max(width * 7 / 10, Self.chrome + 2))
        maxInner = max(maxFootprint - Self.chrome, 2)
        // Prefixes of one run of blanks: String(repeating:count:) costs about 12 000
        // instructions a string, which made this line 4% of a whole `banter render`.
        let blanks = [UInt8](repeating: UInt8(ascii: " "), count: max(usable, 0))
        padding = (0...max(usable, 0)).map { String(decoding: blanks[..<$0], as: UTF8.self) }
        let cacheSize = max(usable, maxInner) + 1
        tops = Array(repeating: Array(repeating: nil, count: cacheSize), count: 2)
        bottoms = Array(repeating: Array(repeating: nil, count: cacheSize), count: 4)
        chromes = [false, true].map { BubbleChrome(style: style, shapes: shapes, sentByMe: $0, escapes: escapes) }
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
        let side = sentByMe ? 1 : 0
        let chrome = chromes[side]
        let leadingPad = sentByMe ? spaces(usable - footprint) : ""

        output.append(top(side: side, inner: inner, pad: leadingPad))
        let tailRow = hasTail && !chrome.drawsBottomRow ? lines.count - 1 : -1
        for (index, line) in lines.enumerated() {
            let tail = index == tailRow
            var row = String()
            row.reserveCapacity(leadingPad.utf8.count + line.text.utf8.count + inner + 64)
            row += leadingPad
            row += tail ? chrome.leadingEdgeWithTail : chrome.leadingEdge
            row += line.text
            row += spaces(inner - line.width)
            row += tail ? chrome.trailingEdgeWithTail : chrome.trailingEdge
            output.append(row)
        }
        if chrome.drawsBottomRow {
            output.append(bottom(side: side, inner: inner, tail: hasTail, pad: leadingPad))
        }
    }

    private mutating func top(side: Int, inner: Int, pad: String) -> String {
        let cached: String
        if inner < tops[side].count, let hit = tops[side][inner] {
            cached = hit
        } else {
            cached = chromes[side].top(inner: inner)
            if inner < tops[side].count { tops[side][inner] = cached }
        }
        return pad.isEmpty || cached.isEmpty ? cached : pad + cached
    }

    private mutating func bottom(side: Int, inner: Int, tail: Bool, pad: String) -> String {
        let slot = side * 2 + (tail ? 1 : 0)
        let cached: String
        if inner < bottoms[slot].count, let hit = bottoms[slot][inner] {
            cached = hit
        } else {
            cached = chromes[side].bottom(inner: inner, tail: tail)
            if inner < bottoms[slot].count { bottoms[slot][inner] = cached }
        }
        return pad.isEmpty ? cached : pad + cached
    }
}
