import BanterTheme

/// A one-line sample of a theme, for `banter themes`: a received and a sent bubble, a
/// section header, a read status, a search highlight, a system line and an error, each in
/// its role. Without colour it is the same text, plain.
public enum ThemePreview {
    public static func line(_ theme: Theme) -> String {
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
