/// The background a theme is designed for and the text on it. Terminal output never paints
/// them (the terminal keeps its own); full-page outputs (the HTML export) do.
public struct PageColors: Hashable, Sendable {
    package var background: ThemeColor
    package var text: ThemeColor

    public init(background: ThemeColor, text: ThemeColor) {
        self.background = background
        self.text = text
    }
}
