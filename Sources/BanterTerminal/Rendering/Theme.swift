/// How the transcript looks: bubble style, colour depth and the colours themselves.
public struct Theme: Hashable, Sendable {
    /// The bubble style; a renderer draws `filled` without colour as `rounded`.
    public var borderStyle: BorderStyle
    public var colorMode: ColorMode
    /// Sent bubbles: background and text.
    public var sentBubble: RGBColor
    public var sentText: RGBColor
    /// Received bubbles: background and text.
    public var receivedBubble: RGBColor
    public var receivedText: RGBColor
    /// "Sent ✓" and "Delivered ✓✓"; "Read ✓✓" uses `sentBubble`.
    public var statusText: RGBColor
    /// The background of search terms in search hits.
    public var highlight: RGBColor

    public init(
        borderStyle: BorderStyle? = nil,
        colorMode: ColorMode = .none,
        sentBubble: RGBColor = .brandPink,
        sentText: RGBColor = .white,
        receivedBubble: RGBColor = .lightGrey,
        receivedText: RGBColor = .nearBlack,
        statusText: RGBColor = .midGrey,
        highlight: RGBColor = .highlightYellow
    ) {
        self.borderStyle = BorderStyle.resolved(borderStyle, colorMode: colorMode)
        self.colorMode = colorMode
        self.sentBubble = sentBubble
        self.sentText = sentText
        self.receivedBubble = receivedBubble
        self.receivedText = receivedText
        self.statusText = statusText
        self.highlight = highlight
    }
}
