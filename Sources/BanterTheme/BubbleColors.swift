/// The colours of one side's bubbles. Without a fill (a monochrome theme) bubbles are
/// outlines whatever the requested border style, since a filled bubble needs colour.
public struct BubbleColors: Hashable, Sendable {
    /// The bubble's body, and the shape of `filled` bubbles.
    public var fill: ThemeColor?
    /// The outline of `rounded` and `ascii` bubbles.
    public var border: ThemeColor?
    /// The message text inside the bubble.
    public var text: ThemeColor?

    public init(fill: ThemeColor? = nil, border: ThemeColor? = nil, text: ThemeColor? = nil) {
        self.fill = fill
        self.border = border
        self.text = text
    }
}
