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
    /// Each side's bubble interior, where quieter roles take the bubble's secondary colour.
    let sentInk: BubbleInk
    let receivedInk: BubbleInk
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
        // Without colour every escape is empty: the tables stay empty too (building them made
        // their dictionary type for the first time, a walk of the binary's conformance
        // records: 6 % of a plain `banter render`).
        guard mode != .none else {
            roles = [:]
            sentInk = BubbleInk(body: sentBody, roles: [:])
            receivedInk = BubbleInk(body: receivedBody, roles: [:])
            return
        }
        var roles: [Palette.TextRole: String] = [:]
        for role in Palette.TextRole.allCases {
            roles[role] = SGR.style(palette[keyPath: role.keyPath], mode: mode)
        }
        self.roles = roles
        func ink(_ side: Palette.BubbleRole, body: String) -> BubbleInk {
            var tinted = roles
            for role in Palette.TextRole.allCases where role.takesBubbleTint {
                tinted[role] = SGR.style(palette.style(of: role, in: side), mode: mode)
            }
            return BubbleInk(body: body, roles: tinted)
        }
        sentInk = ink(.sent, body: sentBody)
        receivedInk = ink(.received, body: receivedBody)
    }

    /// One side's bubble interior.
    func ink(sentByMe: Bool) -> BubbleInk {
        sentByMe ? sentInk : receivedInk
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

/// What text inside one side's bubbles is drawn with: the body (fill and text colour) and
/// each role as drawn there (`Palette.style(of:in:)`).
struct BubbleInk: Sendable {
    let body: String
    fileprivate let roles: [Palette.TextRole: String]

    /// The escape that starts text in `role` in these bubbles; empty for a plain role.
    subscript(role: Palette.TextRole) -> String {
        roles[role] ?? ""
    }
}
