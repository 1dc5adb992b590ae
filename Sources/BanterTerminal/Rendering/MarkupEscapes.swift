import BanterCore
import BanterTheme

/// How light formatting and links are drawn in a bubble: bold and italic as terminal
/// attributes, code and links in their theme roles (by default reverse video and underline),
/// links also as OSC 8 hyperlinks. Every piece is closed again before the row's edge and the
/// bubble's body colours restored after it, so neither a style nor a link reaches a border.
/// Without colour (piped output, `NO_COLOR`) nothing is drawn and messages keep their
/// markers, as written.
struct MarkupEscapes: Sendable {
    let isEnabled: Bool
    private let code: String
    private let link: String
    private let reset: String

    init(escapes: ThemeEscapes, colorMode: ColorMode) {
        isEnabled = colorMode != .none
        code = escapes[.code]
        link = escapes[.link]
        reset = escapes.reset
    }

    /// `markup.visible[range]` (UTF-8 offsets, one wrapped line) with its styles and links,
    /// on a bubble whose body starts with `body`. `linkID` names the message, so the pieces
    /// of one link share an OSC 8 id.
    func line(_ markup: InlineMarkup, range: Range<Int>, linkID: String, body: String) -> String {
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
            var usesRole = false
            if run.style.contains(.bold) { opening += SGR.bold; closing += "\u{1B}[22m" }
            if run.style.contains(.italic) { opening += SGR.italic; closing += "\u{1B}[23m" }
            if run.style.contains(.code) { opening += code; usesRole = true }
            if let target = run.link {
                opening = Hyperlink.open(target, id: "\(linkID)-\(run.linkIndex ?? 0)") + opening + link
                usesRole = true
            }
            if usesRole { closing = reset + body }
            if run.link != nil { closing += Hyperlink.close }
            line += opening
            line += text
            line += closing
        }
        return line
    }
}
