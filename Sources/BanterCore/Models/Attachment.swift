/// A file sent with a message, described: what the transcript shows and the exports list.
/// The bytes themselves live in the store and are read by the message's id when needed.
///
/// Every field but `byteCount` and `pixelSize` is untrusted text (it comes from a file
/// system, a script or an imported file): displays sanitise it like a message body.
public struct Attachment: Hashable, Sendable, Codable {
    /// The file's name without any folder ("menu.png").
    public var fileName: String
    /// The media type ("image/png", "application/pdf"); `application/octet-stream` when
    /// unknown.
    public var mediaType: String
    /// The file's size in bytes.
    public var byteCount: Int
    /// The image's size, for PNG, JPEG, GIF and WebP files whose header says so; nil for
    /// every other file, including one named `.png` that is not a PNG.
    public var pixelSize: PixelSize?

    /// The largest file a message may carry: 25 MiB, as most mail and chat services allow.
    /// The store refuses larger files, and the session and bots check before reading one.
    package static let maximumByteCount = 25 * 1024 * 1024

    public init(fileName: String, mediaType: String, byteCount: Int, pixelSize: PixelSize? = nil) {
        self.fileName = fileName
        self.mediaType = mediaType
        self.byteCount = byteCount
        self.pixelSize = pixelSize
    }

    /// Describes a file from its name and contents: an image when its header is that of a
    /// PNG, JPEG, GIF or WebP image (whatever its name says), otherwise a plain file whose
    /// media type comes from its extension, never an image type.
    ///
    /// - Parameters:
    ///   - header: the file's first bytes (the whole file is best: a JPEG's size can sit
    ///     behind large metadata blocks).
    ///   - byteCount: the whole file's size.
    public static func describing(fileName: String, header: [UInt8], byteCount: Int) -> Attachment {
        if let image = ImageHeader.parse(header) {
            return Attachment(
                fileName: fileName, mediaType: image.format.mediaType, byteCount: byteCount,
                pixelSize: image.pixelSize)
        }
        var mediaType = MediaType.forFileName(fileName)
        if mediaType.hasPrefix("image/") && ImageFormat(mediaType: mediaType) != nil {
            mediaType = MediaType.unknown
        }
        return Attachment(fileName: fileName, mediaType: mediaType, byteCount: byteCount)
    }

    /// Whether displays may draw it as a picture: its header was a known image format's.
    public var isImage: Bool { pixelSize != nil && ImageFormat(mediaType: mediaType) != nil }
}

/// An image's width and height in pixels.
public struct PixelSize: Hashable, Sendable, Codable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
