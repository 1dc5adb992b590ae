import BanterCore

/// A message's text as HTML: `*bold*`, `_italic_` and `` `code` `` as `<strong>`, `<em>` and
/// `<code>` (markers hidden), URLs as links, everything escaped. The rules are the
/// terminal's (`InlineMarkup`), so the page shows what the chat showed.
enum HTMLInlineMarkup {
    /// `text` (sanitised) as escaped HTML.
    static func html(_ text: String) -> String {
        guard let markup = InlineMarkup.parse(text) else { return HTMLEscaper.escape(text) }
        let utf8 = Array(markup.visible.utf8)
        var output = ""
        var openLink: Int?
        for run in markup.runs {
            if openLink != nil, openLink != run.linkIndex {
                output += "</a>"
                openLink = nil
            }
            if let target = run.link, openLink == nil {
                output += "<a href=\"\(HTMLEscaper.escape(target))\" rel=\"nofollow noopener noreferrer\">"
                openLink = run.linkIndex
            }
            var piece = HTMLEscaper.escape(String(decoding: utf8[run.range], as: UTF8.self))
            if run.style.contains(.code) { piece = "<code>" + piece + "</code>" }
            if run.style.contains(.italic) { piece = "<em>" + piece + "</em>" }
            if run.style.contains(.bold) { piece = "<strong>" + piece + "</strong>" }
            output += piece
        }
        if openLink != nil { output += "</a>" }
        return output
    }
}
