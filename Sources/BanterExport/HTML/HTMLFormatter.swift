import BanterCore
import BanterTheme

/// One self-contained HTML page (inline CSS, no scripts, no external resources): the chat
/// column with bubbles in the terminal theme's colours, sections, clusters with the tail on
/// their last bubble, emoji-only messages without a bubble and the delivery status under
/// the last sent message. A group is drawn as a chat app draws one, as the terminal does:
/// each received cluster under its sender's name in their colour, their initial as an
/// avatar beside the cluster's last bubble. All text is sanitised and escaped; bubbles
/// carry `dir="auto"` so right-to-left text reads correctly.
struct HTMLFormatter: TranscriptFormatter {
    let conversation: Conversation
    let participant: Participant
    let statusMessageID: Int64?
    /// The theme's colours, written into the style sheet.
    let palette: Palette
    /// Reads pictures' bytes into the page; without one, pictures are listed like files.
    var attachments: AttachmentStreamer?
    /// A group's participants (empty for two parties), for the page's header and, with
    /// `memberColors`, the names and avatars of received clusters.
    private let members: [Participant]
    private let memberColors: ParticipantColors
    /// The avatar of the open cluster's sender in a group, drawn beside its tail bubble.
    private var clusterAvatar: String?
    /// Whether the page draws every branch of a conversation that forked: its head then
    /// carries the style that shows one alternative of each fork.
    private let drawsForks: Bool
    /// The numbers of the open forks, innermost last (their radio groups' names and ids are
    /// made from them, never from anything stored), and how many were opened.
    var openForks: [Int] = []
    var forkCount = 0

    init(
        conversation: Conversation, participant: Participant, statusMessageID: Int64?, palette: Palette,
        attachments: AttachmentStreamer?, participants: [Participant], forks: Bool = false
    ) {
        self.conversation = conversation
        self.participant = participant
        self.statusMessageID = statusMessageID
        self.palette = palette
        self.attachments = attachments
        members = participants
        drawsForks = forks
        memberColors = ParticipantColors(
            palette: palette.participants, members: participants.map { ($0.name, $0.color) })
    }

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
            \(HTMLStyle(palette: palette).css)\(members.isEmpty ? "" : "\n" + HTMLStyle.groupCSS)\(drawsForks ? "\n" + HTMLStyle(palette: palette).forkCSS : "")
            </style>
            </head>
            <body>
            <main class="chat">
            \(header)

            """
    }

    /// The page's header: the other side's avatar and name over the title; a group's title
    /// over its members' names.
    private var header: String {
        guard !members.isEmpty else {
            return """
                <header class="chat-header">
                <div class="avatar" style="background: \(avatarColor)">\(Self.line(participant.initial))</div>
                <div><h1 dir="auto">\(Self.line(participant.name))</h1><p class="subtitle" dir="auto">\(Self.line(conversation.title))</p></div>
                </header>
                """
        }
        let present = members.filter { !$0.hasLeft && $0.kind != .you }.map(\.name) + ["you"]
        let names = present.dropLast().joined(separator: ", ") + " and " + present.last!
        let title = conversation.title.first.map { String($0) } ?? "?"
        return """
            <header class="chat-header">
            <div class="avatar" style="background: \(HTMLStyle(palette: palette).avatarFallback)">\(Self.line(title))</div>
            <div><h1 dir="auto">\(Self.line(conversation.title))</h1><p class="subtitle" dir="auto">\(Self.line(names))</p></div>
            </header>
            """
    }

    func sectionStarted(header: String, startsAt: Timestamp, into output: inout String) {
        output += "<section>\n<h2 class=\"section-header\" dir=\"auto\">\(Self.line(header))</h2>\n"
    }

    mutating func clusterStarted(sender: Sender, into output: inout String) {
        openCluster(sender: sender, continued: false, into: &output)
    }

    /// An alternative's first cluster, part of the branch point's: no gap above it and, in a
    /// group, no name again.
    mutating func clusterContinued(sender: Sender, into output: inout String) {
        openCluster(sender: sender, continued: true, into: &output)
    }

    private mutating func openCluster(sender: Sender, continued: Bool, into output: inout String) {
        guard sender.role == .them, let name = sender.participant else {
            clusterAvatar = nil
            // Appended piece by piece: most clusters pass here.
            output += "<div class=\"cluster "
            output += sender.role.rawValue
            if continued { output += " continued" }
            output += "\">\n"
            return
        }
        let member = members.first { $0.name == name }
        let initial = member?.initial ?? name.first.map { String($0) } ?? "?"
        let color = memberColors.color(for: name).map { $0.rgb.hex }
        let ink = color.map { " style=\"color: \($0)\"" } ?? ""
        let fill = color ?? HTMLStyle(palette: palette).avatarFallback
        clusterAvatar = "<span class=\"avatar member\" style=\"background: \(fill)\">\(Self.line(initial))</span>"
        output += continued ? "<div class=\"cluster them group continued\">\n" : "<div class=\"cluster them group\">\n"
        if !continued { output += "<div class=\"sender\" dir=\"auto\"\(ink)>\(Self.line(name))</div>\n" }
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
            var avatar = position.hasTail ? clusterAvatar : nil
            personMessage(message, position: position, isNewest: isNewest, avatar: &avatar, into: &output)
            // Nothing drawn to stand beside (no bubble, card or chips): the avatar alone.
            if let avatar { output += "<div class=\"avatar-row\">\(avatar)</div>\n" }
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
