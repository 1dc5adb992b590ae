import BanterCore

extension TranscriptExport {
    /// One self-contained HTML page (inline CSS, no scripts, no external resources): the
    /// chat column with bubbles styled like the terminal's, sections, clusters with the
    /// tail on their last bubble, emoji-only messages without a bubble and the delivery
    /// status under the last sent message. All text is sanitised and escaped; bubbles carry
    /// `dir="auto"` so right-to-left text reads correctly.
    public func html() -> String {
        var page = """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="Banter">
        <title>\(htmlLine(conversation.title))</title>
        <style>
        \(HTMLStyle.css)
        </style>
        </head>
        <body>
        <main class="chat">
        <header class="chat-header">
        <div class="avatar" style="background: \(avatarColor)">\(htmlLine(participant.initial))</div>
        <div><h1 dir="auto">\(htmlLine(participant.name))</h1><p class="subtitle" dir="auto">\(htmlLine(conversation.title))</p></div>
        </header>

        """
        for section in sections {
            page += "<section>\n<h2 class=\"section-header\" dir=\"auto\">\(htmlLine(section.header))</h2>\n"
            for cluster in section.clusters {
                page += "<div class=\"cluster \(cluster.sender.rawValue)\">\n"
                for (index, message) in cluster.messages.enumerated() {
                    page += htmlMessage(message, hasTail: index == cluster.messages.count - 1)
                    if message.id == lastSentID {
                        let status = message.status
                        page += "<p class=\"status \(status.rawValue)\">\(HTMLEscaper.escape(status.label))</p>\n"
                    }
                }
                page += "</div>\n"
            }
            page += "</section>\n"
        }
        page += "</main>\n</body>\n</html>\n"
        return page
    }

    private func htmlMessage(_ message: Message, hasTail: Bool) -> String {
        let text = Sanitizer.sanitize(message.text, keepingNewlines: true)
        switch message.sender {
        case .system:
            return "<p class=\"system-line\" dir=\"auto\">\(HTMLEscaper.escape(text))</p>\n"
        case .me, .them:
            if EmojiText.isEmojiOnly(text) {
                return "<div class=\"emoji\" dir=\"auto\">\(HTMLEscaper.escape(text.trimmingSpaces()))</div>\n"
            }
            let classes = hasTail ? "bubble tail" : "bubble"
            return "<div class=\"\(classes)\" dir=\"auto\">\(HTMLEscaper.escape(text))</div>\n"
        }
    }

    /// The avatar's colour: the participant's own when it is a valid "#RRGGBB", so nothing
    /// else can reach the style attribute.
    private var avatarColor: String {
        if let color = participant.color, HexColor.isValid(color) { return color }
        return "#8E8E93"
    }

    /// One line of sanitised, escaped text (titles, names, headers).
    private func htmlLine(_ text: String) -> String {
        HTMLEscaper.escape(Sanitizer.sanitize(text))
    }
}
