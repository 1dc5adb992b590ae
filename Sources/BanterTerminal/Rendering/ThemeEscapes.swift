import BanterCore
import BanterTheme

/// A theme's escape strings, built once per renderer rather than per line; every string is
/// empty when the theme has no colour, so plain output needs no special case. This is the
/// one place a palette meets a colour mode.
struct ThemeEscapes: Sendable {
    let reset: String
    /// Swaps foreground and background, for glyphs that draw the terminal's background.
    let inverse: String
    /// The edge glyphs of each side's bubbles: the fill for `filled`, else the border.
    let sentEdge: String
    let receivedEdge: String
    /// The body of each side's bubbles: fill behind, text colour in front.
    let sentBody: String
    let receivedBody: String
    private let roles: [Palette.TextRole: String]

    init(theme: Theme) {
        let mode = theme.colorMode
        let palette = theme.palette
        let filled = theme.borderStyle == .filled
        func edge(_ colors: BubbleColors) -> String {
            (filled ? colors.fill : colors.border).map { SGR.foreground($0, mode: mode) } ?? ""
        }
        func body(_ colors: BubbleColors) -> String {
            (colors.fill.map { SGR.background($0, mode: mode) } ?? "")
                + (colors.text.map { SGR.foreground($0, mode: mode) } ?? "")
        }
        reset = mode == .none ? "" : SGR.reset
        inverse = mode == .none ? "" : SGR.inverse
        sentEdge = edge(palette.sent)
        receivedEdge = edge(palette.received)
        sentBody = body(palette.sent)
        receivedBody = body(palette.received)
        var roles: [Palette.TextRole: String] = [:]
        for role in Palette.TextRole.allCases {
            roles[role] = SGR.style(palette[keyPath: role.keyPath], mode: mode)
        }
        self.roles = roles
    }

    /// The escape that starts text in `role`; empty for a plain role or no colour.
    subscript(role: Palette.TextRole) -> String {
        roles[role] ?? ""
    }

    /// `text` drawn in `role`: unchanged when the role draws nothing.
    func paint(_ text: String, as role: Palette.TextRole) -> String {
        let start = self[role]
        return start.isEmpty ? text : start + text + reset
    }

    /// The role that draws a delivery status.
    static func role(for status: DeliveryStatus) -> Palette.TextRole {
        switch status {
        case .sending: .statusSending
        case .sent, .delivered: .status
        case .read: .statusRead
        }
    }
}
