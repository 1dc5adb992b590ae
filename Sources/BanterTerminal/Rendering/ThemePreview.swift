import BanterTheme

/// A sample of a theme, for `banter themes`: a received and a sent bubble, a section
/// header, a read status, a search highlight, a system line and an error, each in its role
/// (`line`), then the message kinds' roles (`kindsLine`). Without colour it is the same
/// text, plain. Each fits in 76 columns, so both fit an 80-column terminal when indented.
package enum ThemePreview {
    /// The roles of message kinds: inside a received bubble a quote, a link, code, the
    /// "edited" marker, the deleted placeholder and an attachment's details (in the colours
    /// they take there), then a reaction badge and a message id beside it.
    package static func kindsLine(_ theme: Theme) -> String {
        let escapes = ThemeEscapes(theme: theme)
        let ink = escapes.receivedInk
        let inside: [(String, Palette.TextRole)] = [
            ("▎ Sam: hi", .quote), ("example.com", .link), ("code", .code), ("edited", .edited),
            ("message deleted", .deleted), ("📷 800×600", .attachment),
        ]
        let pieces = inside.map { text, role in
            let start = ink[role]
            return start.isEmpty ? text : start + text + escapes.reset + ink.body
        }.joined(separator: " ")
        let outlined = !theme.palette.fillsBubbles || theme.colorMode == .none
        let bubble = outlined ? "(" + pieces + ")" : ink.body + " " + pieces + " " + escapes.reset
        return [bubble, escapes.paint("❤️ 2", as: .reaction), escapes.paint("#12", as: .messageID)].joined(
            separator: " ")
    }

    /// The conversation's own roles on one line, so themes listed one under another compare
    /// at a glance.
    package static func line(_ theme: Theme) -> String {
        let escapes = ThemeEscapes(theme: theme)
        let outlined = !theme.palette.fillsBubbles || theme.colorMode == .none
        func painted(_ text: String, _ start: String) -> String {
            start.isEmpty ? text : start + text + escapes.reset
        }
        func bubble(_ text: String, body: String, edge: String) -> String {
            outlined ? painted("(", edge) + painted(text, body) + painted(")", edge) : painted(" " + text + " ", body)
        }
        return [
            bubble("Hey!", body: escapes.receivedBody, edge: escapes.receivedEdge),
            bubble("Hi there", body: escapes.sentBody, edge: escapes.sentEdge),
            escapes.paint("Today 19:02", as: .header),
            escapes.paint("Read ✓✓", as: .statusRead),
            escapes.paint("match", as: .highlight),
            escapes.paint("system", as: .system),
            escapes.paint("error", as: .error),
        ].joined(separator: " ")
    }
}
