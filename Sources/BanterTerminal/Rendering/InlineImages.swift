/// The pictures a render may draw inline: the terminal's protocol and the bytes of the image
/// attachments among the messages drawn, by message id, read beforehand so rendering stays a
/// pure function. A message whose bytes are missing here, or whose format the protocol does
/// not draw, gets the placeholder bubble.
public struct InlineImages: Sendable {
    package var format: InlineImageProtocol
    package var pictures: [Int64: [UInt8]]

    public init(format: InlineImageProtocol, pictures: [Int64: [UInt8]] = [:]) {
        self.format = format
        self.pictures = pictures
    }

    /// No pictures: placeholders everywhere (piped output, terminals without a protocol).
    public static let none = InlineImages(format: .none)

    /// The most rows a picture takes, so one image never fills a small terminal.
    static let maximumRows = 12
}
