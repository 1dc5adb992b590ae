extension String {
    /// The string without leading and trailing spaces (only U+0020, which Markdown and
    /// HTML would collapse or misread at the edges of emphasis and names).
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return String(self[first...last])
    }
}
