/// The contrast check: every text a theme draws, on the background it is drawn on, in 24-bit
/// and 256 colours, against its role's minimum. Built-in themes pass it (a test checks);
/// `banter themes` warns about a theme file that does not, and so does every command that
/// draws in colour with one.
///
/// Backgrounds are the bubble's fill inside bubbles and the theme's page elsewhere: the page
/// is the background the theme is made for, the terminal's own being unknown (the same
/// stands for text without a colour: the page's text colour). Faint text is measured as the
/// worse of the ways terminals draw it (`RGBColor.faintRenderings`); reverse video swaps
/// the two colours.
extension Palette {
    /// One text on one background.
    struct ContrastPair: Hashable, Sendable {
        /// What is drawn, as a theme file names it: a table (`quote`), or a bubble's
        /// `sent.text` / `page.text`.
        var what: String
        /// Where: "sent bubbles", "received bubbles" or "the page".
        var background: String
        var depth: ColorDepth
        var ratio: Double
        var minimum: Double

        var isReadable: Bool { ratio >= minimum }

        /// "[quote] on sent bubbles: 2.1:1 in 256 colours (needs 4.5:1)".
        var summary: String {
            "\(what) on \(background): \(Self.format(ratio)):1 in \(depth.rawValue) (needs \(Self.format(minimum)):1)"
        }

        /// A ratio as people write it, rounded down to a tenth: "4.4", "21".
        static func format(_ ratio: Double) -> String {
            let tenths = Int((ratio * 10).rounded(.down))
            return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        }
    }

    /// Every text on every background it is drawn on, at both colour depths.
    var contrastPairs: [ContrastPair] {
        var pairs: [ContrastPair] = []
        func add(
            _ what: String, _ style: TextStyle, text: ThemeColor, on background: ThemeColor, _ place: String,
            minimum: Double
        ) {
            for depth in ColorDepth.allCases {
                var foreground = (style.foreground ?? text).shown(at: depth)
                var back = (style.background ?? background).shown(at: depth)
                if style.inverse { swap(&foreground, &back) }
                let drawn = style.dim ? foreground.faintRenderings(on: back) : [foreground]
                let ratio = drawn.map { $0.contrastRatio(with: back) }.min() ?? 1
                pairs.append(ContrastPair(what: what, background: place, depth: depth, ratio: ratio, minimum: minimum))
            }
        }
        let readable = BubbleColors.readableContrast
        add("[page] text", .plain, text: page.text, on: page.background, "the page", minimum: readable)
        for side in BubbleRole.allCases {
            let bubble = self[keyPath: side.keyPath]
            let place = "\(side.rawValue) bubbles"
            let fill = bubble.fill ?? page.background
            let text = bubble.text ?? page.text
            add("[\(side.rawValue)] text", .plain, text: text, on: fill, place, minimum: readable)
            for role in TextRole.allCases where role.isDrawnInBubbles {
                add(
                    "[\(role.rawValue)]", style(of: role, in: side), text: text, on: fill, place,
                    minimum: role.minimumContrast)
            }
        }
        for role in TextRole.allCases where !role.isDrawnInBubbles {
            add(
                "[\(role.rawValue)]", self[keyPath: role.keyPath], text: page.text, on: page.background, "the page",
                minimum: role.minimumContrast)
        }
        return pairs
    }

    /// The pairs below their minimum: empty for a readable theme.
    var contrastProblems: [ContrastPair] {
        contrastPairs.filter { !$0.isReadable }
    }

    /// One line per text and background below its minimum in `depths`, with each of those
    /// depths' ratios: "[quote] on sent bubbles: 2.1:1 in 24-bit colour, 1.9:1 in 256 colours
    /// (needs 4.5:1)". `banter themes` asks about both depths; a command that draws asks only
    /// about the one it draws in. A role drawn in the same colours as a text already named (a
    /// link in the bubble's text colour) is not named again.
    package func contrastWarnings(in depths: Set<ColorDepth> = Set(ColorDepth.allCases)) -> [String] {
        var lines: [String] = []
        var named: Set<String> = []
        var seenRatios: [String: [ColorDepth: Double]] = [:]
        let all = contrastPairs.filter { depths.contains($0.depth) }
        let problems = all.filter { !$0.isReadable }
        for problem in problems where !named.contains(problem.what + problem.background) {
            named.insert(problem.what + problem.background)
            let pairs = problems.filter { $0.what == problem.what && $0.background == problem.background }
            let ratios = Dictionary(
                all.filter { $0.what == problem.what && $0.background == problem.background }.map {
                    ($0.depth, $0.ratio)
                },
                uniquingKeysWith: min)
            if seenRatios[problem.background] == ratios { continue }
            seenRatios[problem.background] = seenRatios[problem.background] ?? ratios
            let described = pairs.map { "\(ContrastPair.format($0.ratio)):1 in \($0.depth.rawValue)" }
            lines.append(
                "\(problem.what) on \(problem.background): \(described.joined(separator: ", ")) "
                    + "(needs \(ContrastPair.format(problem.minimum)):1)")
        }
        return lines
    }
}
