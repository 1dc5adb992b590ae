/// The formats `banter export --format` writes.
package enum ExportFormat: String, Hashable, Sendable, CaseIterable {
    case markdown, json, html

    /// The usual file extension, without the dot.
    package var fileExtension: String {
        switch self {
        case .markdown: return "md"
        case .json: return "json"
        case .html: return "html"
        }
    }
}
