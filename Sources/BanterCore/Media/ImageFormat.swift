/// The image formats whose size Banter reads from the file header, and that terminals with
/// inline images can be asked to draw.
package enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png, jpeg, gif, webp

    /// The media type the format is stored and exported as.
    package var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// The format with this media type, if it is one of the four.
    package init?(mediaType: String) {
        guard let format = Self.allCases.first(where: { $0.mediaType == mediaType.lowercased() }) else { return nil }
        self = format
    }
}
