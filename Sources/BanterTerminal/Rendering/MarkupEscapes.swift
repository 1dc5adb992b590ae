import BanterCore

/// How light formatting and links are drawn in a bubble: terminal attributes that leave the
/// bubble's colours alone (bold, italic, reverse video for code, underline for links) and
/// OSC 8 hyperlinks. Every piece is closed again before the row's edge, so neither a style
/// nor a link ever reaches a border. Without colour (piped output, `NO_COLOR`) nothing is
/// drawn and messages keep their markers, as written.
struct MarkupEscapes: Sendable {
    let isEnabled: Bool

    init(colorMode: ColorMode) {
        isEnabled = colorMode != .none
    }

    /// `markup.visible[range]` (UTF-8 offsets, one wrapped line) with its styles and links.
    /// `linkID` names the message, so the pieces of one link share an OSC 8 id.
    func line(_ markup: InlineMarkup, range: Range<Int>, linkID: String) -> String {
        let utf8 = markup.visible.utf8
        var line = ""
        for run in markup.runs(in: range) {
            let lower = utf8.index(utf8.startIndex, offsetBy: run.range.lowerBound)
            let upper = utf8.index(lower, offsetBy: run.range.count)
            let text = markup.visible[lower..<upper]
            if run.style.isEmpty, run.link == nil {
                line += text
                continue
            }
            var opening = "", closing = ""
            if run.style.contains(.bold) { opening += "\u{1B}[1m"; closing += "\u{1B}[22m" }
            if run.style.contains(.italic) { opening += "\u{1B}[3m"; closing += "\u{1B}[23m" }
            if run.style.contains(.code) { opening += "\u{1B}[7m"; closing += "\u{1B}[27m" }
            if let link = run.link {
                opening += Hyperlink.open(link, id: "\(linkID)-\(run.linkIndex ?? 0)") + "\u{1B}[4m"
                closing += "\u{1B}[24m" + Hyperlink.close
            }
            line += opening
            line += text
            line += closing
        }
        return line
    }
}
