import BanterTheme

/// The page's inline style sheet, in the theme's colours: the page background and text, the
/// bubbles' fills and text, and the header, system and status roles. A theme without bubble
/// fills (mono) gets outlined bubbles without tails, as in the terminal.
struct HTMLStyle {
    let palette: Palette

    /// The chat column's background; the tails' masks must be painted in it.
    private var column: String { palette.page.background.rgb.hex }
    private var text: RGBColor { palette.page.text.rgb }

    var css: String {
        let background = palette.page.background.rgb
        return """
            * { box-sizing: border-box; }
            body { margin: 0; background: \(background.mixed(with: text, fraction: 0.05).hex); color: \(text.hex);
              font: 16px/1.35 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial,
                "Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Hebrew", sans-serif,
                "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"; }
            .chat { max-width: 640px; min-height: 100vh; margin: 0 auto; padding: 0 16px 32px; background: \(column); }
            .chat-header { display: flex; align-items: center; gap: 12px; padding: 16px 12px;
              border-bottom: 1px solid \(background.mixed(with: text, fraction: 0.1).hex); }
            .avatar { flex: none; width: 40px; height: 40px; border-radius: 50%; display: flex;
              align-items: center; justify-content: center; color: #FFFFFF; font-size: 18px; font-weight: 600; }
            .chat-header h1 { margin: 0; font-size: 18px; }
            .subtitle { margin: 0; font-size: 13px; \(declarations(palette.header)) }
            .section-header { margin: 24px 0 10px; text-align: center; font-size: 12px; font-weight: 600; \(declarations(palette.header)) }
            .cluster { display: flex; flex-direction: column; gap: 2px; margin-top: 14px; padding: 0 12px; }
            .section-header + .cluster { margin-top: 0; }
            .cluster.me { align-items: flex-end; }
            .cluster.them { align-items: flex-start; }
            .cluster.system { align-items: center; }
            .bubble { position: relative; z-index: 0; max-width: 75%; padding: 7px 12px; border-radius: 18px;
              white-space: pre-wrap; overflow-wrap: anywhere; }
            .me .bubble { \(bubble(palette.sent)) }
            .them .bubble { \(bubble(palette.received)) }
            .bubble.tail::before, .bubble.tail::after { content: ""; position: absolute; z-index: -1; bottom: 0; height: 20px; }
            \(tail(palette.sent, side: "me", near: "right", far: "left"))
            \(tail(palette.received, side: "them", near: "left", far: "right"))
            .emoji { max-width: 75%; padding: 0 2px; font-size: 36px; line-height: 1.2; }
            .system-line { max-width: 80%; margin: 0; text-align: center; font-size: 13px;
              white-space: pre-wrap; overflow-wrap: anywhere; \(declarations(palette.system)) }
            .status { margin: 2px 2px 0; font-size: 11px; \(declarations(palette.status)) }
            .branch-point { max-width: 75%; margin: 2px 2px 0; font-size: 11px; \(declarations(palette.status)) }
            .branch-point summary { cursor: pointer; font-style: italic; }
            .branch-point .version { margin: 2px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
            .branch-point .version.current { font-weight: 600; }
            .version-branch { opacity: 0.7; }
            .status.sending { \(declarations(palette.statusSending)) }
            .status.read { \(declarations(palette.statusRead)) }
            .bubble a { color: inherit; }
            .bubble code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9em;
              padding: 0 3px; border-radius: 4px; background: rgba(127, 127, 127, 0.2); }
            .quote { display: block; margin: 0 0 4px; padding: 2px 8px; border-left: 3px solid currentColor;
              border-radius: 4px; background: rgba(127, 127, 127, 0.15);
              white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            .quote-sender { display: block; font-size: 12px; font-weight: 600; }
            .quote-text { font-size: 13px; opacity: 0.85; }
            .picture { display: block; max-width: 100%; height: auto; margin: 2px 0 4px; border-radius: 12px; }
            .file { display: grid; grid-template-columns: auto 1fr; column-gap: 8px; margin: 2px 0 4px; }
            .file-icon { grid-row: span 2; font-size: 24px; }
            .file-name { font-weight: 600; overflow-wrap: anywhere; }
            .file-details { font-size: 12px; }
            .me .file-details { \(declarations(palette.style(of: .attachment, in: .sent))) }
            .them .file-details { \(declarations(palette.style(of: .attachment, in: .received))) }
            .edited { margin-left: 8px; font-size: 11px; opacity: 0.75; font-style: italic; }
            .bubble.deleted { background: none; border: 1px dashed \(background.mixed(with: text, fraction: 0.3).hex);
              \(declarations(palette.deleted)) }
            .bubble.deleted::before, .bubble.deleted::after { content: none; }
            .reactions { display: flex; gap: 4px; margin: -2px 8px 2px; }
            .reaction { padding: 0 6px; border-radius: 10px; font-size: 13px;
              background: \(background.mixed(with: text, fraction: 0.08).hex); \(declarations(palette.reaction)) }
            .card { display: flex; flex-direction: column; gap: 2px; max-width: 70%; margin: 2px 8px 4px;
              padding: 8px 10px; border-radius: 14px; border: 1px solid \(background.mixed(with: text, fraction: 0.25).hex); }
            .me .card { align-self: flex-end; }
            .card-title { font-weight: 600; }
            .card-subtitle { font-size: 13px; opacity: 0.8; }
            .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 2px 8px 4px; }
            .me .chips { justify-content: flex-end; }
            .button, .quick-reply { padding: 2px 10px; border-radius: 14px; font-size: 13px; text-decoration: none;
              border: 1px solid \(background.mixed(with: text, fraction: 0.35).hex); \(declarations(palette.button)) }
            .quick-reply { border-style: dashed; }
            """
    }

    /// What a group's page adds: received clusters indented for the avatar column, the
    /// sender's name above a cluster, the avatar beside the element it is written into.
    /// Only a group's page has it, so a two-party page is as it was.
    static let groupCSS = """
        .cluster.group { padding-left: 52px; }
        .sender { margin: 0 0 1px 8px; font-size: 12px; font-weight: 600; overflow-wrap: anywhere; }
        .group .emoji, .group .card, .group .chips, .avatar-row { position: relative; }
        .avatar.member { position: absolute; left: -40px; bottom: 0; width: 28px; height: 28px; font-size: 13px; }
        .group .card > .member, .group .chips > .member { left: -48px; }
        .avatar-row { height: 28px; }
        """

    /// What a page drawing every branch adds (`HTMLFormatter+Forks`): a fork's radio buttons
    /// out of sight but reachable from the keyboard, only the alternative after the checked
    /// one shown, the switcher in the statuses' colours, and an alternative's first cluster
    /// joined to the branch point's (whose bubble loses its tail while such an alternative is
    /// shown). Only such a page has it, so any other page is as it was.
    var forkCSS: String {
        """
        .fork > .pick { position: absolute; width: 1px; height: 1px; margin: 0; opacity: 0; pointer-events: none; }
        .fork > .alt { display: none; }
        .fork > .pick:checked + .alt { display: block; }
        .cluster.continued { margin-top: 2px; }
        section:has(+ .fork > .joins:checked) > .cluster:last-child > .bubble.tail::before,
        section:has(+ .fork > .joins:checked) > .cluster:last-child > .bubble.tail::after { content: none; }
        .switcher { display: flex; align-items: baseline; gap: 4px; margin: 2px 2px 0; font-size: 12px;
          user-select: none; \(declarations(palette.status)) }
        .alt > .switcher { justify-content: center; margin-top: 14px; }
        .switcher label, .switcher .off { padding: 0 5px; font-size: 15px; line-height: 1; }
        .switcher label { cursor: pointer; border-radius: 6px; }
        .switcher label:hover { background: rgba(127, 127, 127, 0.2); }
        .switcher .off { opacity: 0.35; }
        .switch-branch { margin-left: 4px; font-style: italic; overflow-wrap: anywhere; }
        .fork > .pick:focus-visible + .alt .switcher .count { outline: 2px solid currentColor; border-radius: 4px; }
        """
    }

    /// A bubble's body: its fill and text colour, or an outline when the theme has no fill.
    private func bubble(_ colors: BubbleColors) -> String {
        let color = (colors.text?.rgb ?? text).hex
        guard let fill = colors.fill else {
            return "border: 1px solid \((colors.border?.rgb ?? text).hex); color: \(color);"
        }
        return "background: \(fill.rgb.hex); color: \(color);"
    }

    /// The tail of one side's last bubble: a rounded foot in the fill, cut by a mask in the
    /// column's colour; none for outlined bubbles.
    private func tail(_ colors: BubbleColors, side: String, near: String, far: String) -> String {
        guard let fill = colors.fill else {
            return ".\(side) .bubble.tail::before, .\(side) .bubble.tail::after { content: none; }"
        }
        return """
            .\(side) .bubble.tail::before { \(near): -7px; width: 20px; background: \(fill.rgb.hex); border-bottom-\(far)-radius: 16px 14px; }
            .\(side) .bubble.tail::after { \(near): -26px; width: 26px; background: \(column); border-bottom-\(far)-radius: 10px; }
            """
    }

    /// The avatar's colour when the participant has none: the statuses' text colour, the
    /// theme's quiet secondary colour.
    var avatarFallback: String { foreground(of: palette.status).hex }

    /// A text role's colour on the page: dim text is mixed toward the background, as a
    /// terminal's faint text looks.
    private func foreground(of style: TextStyle) -> RGBColor {
        let color = style.foreground?.rgb ?? text
        return style.dim ? color.mixed(with: palette.page.background.rgb, fraction: 0.5) : color
    }

    /// CSS for a text role: its colours, then its attributes.
    private func declarations(_ style: TextStyle) -> String {
        let background = palette.page.background.rgb
        var foreground = foreground(of: style)
        var fill = style.background?.rgb
        if style.inverse { (foreground, fill) = (fill ?? background, foreground) }
        var parts = ["color: \(foreground.hex);"]
        if let fill { parts.append("background: \(fill.hex);") }
        if style.bold { parts.append("font-weight: 700;") }
        if style.italic { parts.append("font-style: italic;") }
        if style.underline { parts.append("text-decoration: underline;") }
        return parts.joined(separator: " ")
    }
}
