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

    /// Whether an export of a conversation that forked draws every branch, the reader
    /// switching siblings (`TranscriptWriter.add(_:read:into:flush:)`), rather than the
    /// current branch with a note at each branch point (Markdown) or every message with its
    /// parent (JSON Lines).
    package var drawsEveryBranch: Bool { self == .html }
}
