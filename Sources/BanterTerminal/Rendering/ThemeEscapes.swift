import BanterCore

/// A theme's escape strings, built once per renderer rather than per line; every string is
/// empty when the theme has no colour, so plain output needs no special case.
struct ThemeEscapes: Sendable {
    let reset: String
    let dim: String
    /// Swaps foreground and background, for glyphs that draw the terminal's background.
    let inverse: String
    let sentBorder: String
    let sentBody: String
    let receivedBorder: String
    let receivedBody: String
    let highlight: String
    let statusSent: String
    let statusRead: String

    init(theme: Theme) {
        let mode = theme.colorMode
        guard mode != .none else {
            reset = ""; dim = ""; inverse = ""; sentBorder = ""; sentBody = ""; receivedBorder = ""
            receivedBody = ""; highlight = ""; statusSent = ""; statusRead = ""
            return
        }
        reset = SGR.reset
        dim = SGR.dim
        inverse = SGR.inverse
        sentBorder = SGR.foreground(theme.sentBubble, mode: mode)
        sentBody = SGR.background(theme.sentBubble, mode: mode) + SGR.foreground(theme.sentText, mode: mode)
        receivedBorder = SGR.foreground(theme.receivedBubble, mode: mode)
        receivedBody = SGR.background(theme.receivedBubble, mode: mode)
            + SGR.foreground(theme.receivedText, mode: mode)
        highlight = SGR.background(theme.highlight, mode: mode) + SGR.foreground(.nearBlack, mode: mode)
        statusSent = SGR.foreground(theme.statusText, mode: mode)
        statusRead = SGR.foreground(theme.sentBubble, mode: mode)
    }

    /// The escape that colours a delivery status.
    func status(_ status: DeliveryStatus) -> String {
        switch status {
        case .sending: return dim
        case .sent, .delivered: return statusSent
        case .read: return statusRead
        }
    }
}
