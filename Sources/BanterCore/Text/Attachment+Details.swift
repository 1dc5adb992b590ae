extension Attachment {
    /// What every display says about a file besides its name, in order: a picture's pixel
    /// size ("800×600") or another file's media type, then its size ("1.2 MiB"). The media
    /// type is untrusted text: callers sanitise and escape each piece as they print it.
    package var details: [String] {
        var details: [String] = []
        if isImage, let size = pixelSize {
            details.append("\(size.width)×\(size.height)")
        } else if !isImage {
            details.append(mediaType)
        }
        details.append(ByteSize.format(byteCount))
        return details
    }

    /// The icon a placeholder shows: a camera for pictures, a page for other files.
    package var icon: String { isImage ? "📷" : "📄" }
}
