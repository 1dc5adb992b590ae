/// The formats `banter export --format` writes.
public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
    case markdown, json, html

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .markdown: return "md"
        case .json: return "json"
        case .html: return "html"
        }
    }
}
