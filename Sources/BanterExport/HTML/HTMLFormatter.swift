import BanterCore
import BanterTheme

/// One self-contained HTML page (inline CSS, no scripts, no external resources): the chat
/// column with bubbles in the terminal theme's colours, sections, clusters with the tail on
/// their last bubble, emoji-only messages without a bubble and the delivery status under
/// the last sent message. All text is sanitised and escaped; bubbles carry `dir="auto"` so
/// right-to-left text reads correctly.
struct HTMLFormatter: TranscriptFormatter {
    let conversation: Conversation
    let participant: Participant
    let statusMessageID: Int64?
    /// The theme's colours, written into the style sheet.
    let palette: Palette
    /// Reads pictures' bytes into the page; without one, pictures are listed like files.
    var attachments: AttachmentStreamer?

    func begin(into output: inout String) {
        output += """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="Banter">
            <title>\(Self.line(conversation.title))</title>
            <style>
            \(HTMLStyle(palette: palette).css)
            </style>
            </head>
            <body>
            <main class="chat">
            <header class="chat-header">
            <div class="avatar" style="background: \(avatarColor)">\(Self.line(participant.initial))</div>
            <div><h1 dir="auto">\(Self.line(participant.name))</h1><p class="subtitle" dir="auto">\(Self.line(conversation.title))</p></div>
            </header>

            """
    }

    func sectionStarted(header: String, startsAt: Timestamp, into output: inout String) {
        output += "<section>\n<h2 class=\"section-header\" dir=\"auto\">\(Self.line(header))</h2>\n"
    }

    func clusterStarted(sender: Sender, into output: inout String) {
        output += "<div class=\"cluster \(sender.role.rawValue)\">\n"
    }

    func message(
        _ message: Message, position: ClusterPosition, section: String?, showsStatus: Bool, isNewest: Bool,
        into output: inout String
    ) {
        switch message.sender.role {
        case .system:
            let text = Sanitizer.sanitize(message.text, keepingNewlines: true)
            output += "<p class=\"system-line\" dir=\"auto\">\(HTMLEscaper.escape(text))</p>\n"
        case .me, .them:
            personMessage(message, position: position, isNewest: isNewest, into: &output)
        }
        if showsStatus {
            let status = message.status
            output += "<p class=\"status \(status.rawValue)\">\(HTMLEscaper.escape(status.label))</p>\n"
        }
    }

    func clusterEnded(into output: inout String) {
        output += "</div>\n"
    }

    func sectionEnded(into output: inout String) {
        output += "</section>\n"
    }

    func end(messageCount: Int, into output: inout String) {
        output += "</main>\n</body>\n</html>\n"
    }

    /// The avatar's colour: the participant's own when it is a valid "#RRGGBB", so nothing
    /// else can reach the style attribute.
    private var avatarColor: String {
        if let color = participant.color, HexColor.isValid(color) { return color }
        return HTMLStyle(palette: palette).avatarFallback
    }

    /// One line of sanitised, escaped text (titles, names, headers).
    static func line(_ text: String) -> String {
        HTMLEscaper.escape(Sanitizer.sanitize(text))
    }
}
