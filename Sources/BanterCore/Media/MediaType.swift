/// Media types guessed from a file's extension, for files that are not images Banter
/// recognised by their header.
public enum MediaType {
    /// The type of a file nothing is known about.
    public static let unknown = "application/octet-stream"

    /// The media type for `fileName`'s extension (case-insensitive), or `unknown`.
    static func forFileName(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return unknown }
        let fileExtension = fileName[fileName.index(after: dot)...].lowercased()
        return byExtension[fileExtension] ?? unknown
    }

    private static let byExtension: [String: String] = [
        "txt": "text/plain", "md": "text/markdown", "csv": "text/csv", "html": "text/html", "htm": "text/html",
        "json": "application/json", "xml": "application/xml", "pdf": "application/pdf", "zip": "application/zip",
        "gz": "application/gzip", "tar": "application/x-tar", "lua": "text/x-lua", "swift": "text/x-swift",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "heic": "image/heic", "bmp": "image/bmp", "ico": "image/vnd.microsoft.icon",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg", "opus": "audio/opus",
        "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        "doc": "application/msword", "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ics": "text/calendar", "vcf": "text/vcard",
    ]
}
