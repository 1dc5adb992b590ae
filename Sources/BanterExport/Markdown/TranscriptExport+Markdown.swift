import BanterCore

extension TranscriptExport {
    /// A readable Markdown transcript: the title, a `###` heading per section, one line per
    /// message prefixed by who wrote it, clusters as consecutive lines (hard line breaks)
    /// separated by blank lines, system lines in italics and the delivery status under the
    /// last sent message. Every piece of text is sanitised and escaped, so message content
    /// cannot inject formatting, links or HTML.
    public func markdown() -> String {
        var output = "# " + markdownLine(conversation.title) + "\n"
        let name = markdownLine(participant.name.trimmingSpaces())
        for section in sections {
            output += "\n### " + markdownLine(section.header) + "\n"
            for cluster in section.clusters {
                var lines: [String] = []
                for message in cluster.messages {
                    appendMarkdown(message, participantName: name, to: &lines)
                    if message.id == lastSentID {
                        lines.append("_" + MarkdownEscaper.escape(message.status.label) + "_")
                    }
                }
                // A trailing backslash is CommonMark's hard line break: the cluster stays
                // one paragraph with one message per line.
                output += "\n" + lines.joined(separator: "\\\n") + "\n"
            }
        }
        return output
    }

    /// The lines of one message; a multi-line text continues on lines of its own.
    private func appendMarkdown(_ message: Message, participantName: String, to lines: inout [String]) {
        var textLines = Sanitizer.sanitize(message.text, keepingNewlines: true)
            .split(separator: "\n", omittingEmptySubsequences: false)
        // Trailing line breaks show nothing, and a hard break cannot end a paragraph.
        while textLines.count > 1, textLines.last?.allSatisfy({ $0 == " " }) == true { textLines.removeLast() }
        switch message.sender {
        case .system:
            for line in textLines {
                let trimmed = String(line).trimmingSpaces()
                lines.append(trimmed.isEmpty ? "" : "_" + MarkdownEscaper.escape(trimmed) + "_")
            }
        case .me, .them:
            let prefix = message.sender == .me ? "**You:** " : "**\(participantName):** "
            for (index, line) in textLines.enumerated() {
                let escaped = MarkdownEscaper.escape(String(line))
                lines.append(index == 0 ? prefix + escaped : escaped)
            }
        }
    }

    /// One line of sanitised, escaped text (titles, names, headers).
    private func markdownLine(_ text: String) -> String {
        MarkdownEscaper.escape(Sanitizer.sanitize(text))
    }
}
