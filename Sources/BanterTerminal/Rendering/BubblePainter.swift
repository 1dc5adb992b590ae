import BanterCore
import BanterTheme
import Synchronization

/// Draws bubbles at one terminal width, caching what repeats from bubble to bubble (borders
/// of a given size, padding, the edges with their colours) for the length of one render, or
/// from message to message of a transcript drawn a message at a time (`forMessage`).
///
/// Geometry: a bubble is `│ text │` plus one column on the sender's side for the tail, so
/// bubbles of one cluster line up whether or not they carry it. Received bubbles start at
/// column 0 (the tail column); sent ones end one column before the last, which stays empty.
struct BubblePainter: Sendable {
    let style: BorderStyle
    var escapes: ThemeEscapes
    /// Columns a line may use: the terminal width minus the last column.
    let usable: Int
    /// The widest a bubble may be, tail column included (about 70% of the width).
    let maxFootprint: Int
    /// The widest text inside a bubble.
    let maxInner: Int
    /// Columns the caller puts before each row (a group's avatar column), for what is placed
    /// by absolute column (pictures).
    var indent = 0

    /// Runs of blanks, indexed by length, at least up to `usable`.
    private let padding: [String]
    /// Borders drawn so far, by inner width: a top per side, a bottom per side with and
    /// without its tail. Each grows as wider bubbles come, up to `cacheLimit`: a painter is
    /// made per message a transcript draws, and filling (then freeing) every width up front
    /// cost more than drawing the bubble.
    private var tops: [[String?]] = [[], []]
    private var bottoms: [[String?]] = [[], [], [], []]
    private let cacheLimit: Int
    /// The received side's chrome, then the sent side's.
    private let chromes: [BubbleChrome]
    /// What the borders above are built from.
    private let look: Look

    /// The columns a bubble adds around its text: two borders, two spaces, the tail column.
    static let chrome = 5

    init(width: Int, style: BorderStyle, shapes: FillShapes, escapes: ThemeEscapes) {
        self.style = style
        self.escapes = escapes
        look = Look(width: width, style: style, shapes: shapes, escapes: escapes)
        usable = max(width - 1, 1)
        maxFootprint = min(usable, max(width * 7 / 10, Self.chrome + 2))
        maxInner = max(maxFootprint - Self.chrome, 2)
        padding = usable < Self.sharedPadding.count ? Self.sharedPadding : Self.blankRuns(upTo: usable)
        cacheLimit = max(usable, maxInner) + 1
        chromes = [false, true].map { BubbleChrome(style: style, shapes: shapes, sentByMe: $0, escapes: escapes) }
    }

    /// A painter for one message of a transcript drawn a message at a time (a live chat, a
    /// golden transcript): the one the previous message kept (`keep`) when its look was the
    /// same, with the borders it built, else a new one. Made afresh for every message, a
    /// painter cost 13 K instructions to build and free, and built every border again.
    static func forMessage(width: Int, style: BorderStyle, shapes: FillShapes, escapes: ThemeEscapes) -> BubblePainter {
        let look = Look(width: width, style: style, shapes: shapes, escapes: escapes)
        if var painter = kept.withLock({ $0 }), painter.look == look {
            painter.escapes = escapes
            painter.indent = 0
            return painter
        }
        return BubblePainter(width: width, style: style, shapes: shapes, escapes: escapes)
    }

    /// Keeps `painter`, with the borders it has built, for the next `forMessage`.
    static func keep(_ painter: BubblePainter) {
        kept.withLock { $0 = painter }
    }

    private static let kept = Mutex<BubblePainter?>(nil)

    /// What a painter's borders and edges are made of: the escapes its chromes use, not the
    /// whole theme (whose other colours `escapes` carries and a kept painter takes anew).
    private struct Look: Equatable, Sendable {
        let width: Int
        let style: BorderStyle
        let shapes: FillShapes
        let edges: [String]

        init(width: Int, style: BorderStyle, shapes: FillShapes, escapes: ThemeEscapes) {
            self.width = width
            self.style = style
            self.shapes = shapes
            edges = [
                escapes.reset, escapes.inverse, escapes.sentEdge, escapes.receivedEdge, escapes.sentBody,
                escapes.receivedBody,
            ]
        }
    }

    /// `count` spaces (clamped to the usable width).
    func spaces(_ count: Int) -> String {
        padding[min(max(count, 0), usable)]
    }

    /// The runs of blanks of every usual width, built once per process: a painter is made
    /// for each message a scenario's golden transcript draws, and building (and freeing)
    /// its own runs was half the cost of drawing that transcript.
    private static let sharedPadding = blankRuns(upTo: 400)

    /// Runs of 0 to `length` blanks, as prefixes of one run: String(repeating:count:) costs
    /// about 12 000 instructions a string, which made this 4% of a whole `banter render`.
    private static func blankRuns(upTo length: Int) -> [String] {
        let blanks = [UInt8](repeating: UInt8(ascii: " "), count: length)
        return (0...length).map { String(decoding: blanks[..<$0], as: UTF8.self) }
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
            // `append(contentsOf:)` takes a Substring as it is; `+=` is the generic one over
            // any sequence of characters, slower, and its first use in a cold process scans
            // every protocol conformance in the executable (0.5 M instructions).
            row.append(contentsOf: line.text)
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
            Self.remember(cached, at: inner, below: cacheLimit, in: &tops[side])
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
            Self.remember(cached, at: inner, below: cacheLimit, in: &bottoms[slot])
        }
        return pad.isEmpty ? cached : pad + cached
    }

    /// Keeps `border` as `cache`'s entry for inner width `inner` (below `limit`), growing
    /// the cache when needed.
    private static func remember(_ border: String, at inner: Int, below limit: Int, in cache: inout [String?]) {
        guard inner >= 0, inner < limit else { return }
        if inner >= cache.count { cache.append(contentsOf: repeatElement(nil, count: inner + 1 - cache.count)) }
        cache[inner] = border
    }
}
