import BanterCore
import Foundation

/// A readable Markdown transcript: the title, a `###` heading per section, one line per
/// message prefixed by who wrote it, clusters as consecutive lines (hard line breaks)
/// separated by blank lines, system lines in italics and the delivery status under the
/// last sent message. Every piece of text is sanitised and escaped, so message content
/// cannot inject formatting, links or HTML.
struct MarkdownFormatter: TranscriptFormatter {
    let conversation: Conversation
    let statusMessageID: Int64?
    /// What starts a line of each side's message: "**You:** ", "**Alisha:** ".
    private let myPrefix = "**You:** "
    private let theirPrefix: String
    /// The other side's name, for the quotes of their messages.
    private let participantName: String
    /// Whether the open cluster has a line yet: the next one follows a hard line break.
    private var clusterHasLine = false

    init(conversation: Conversation, participant: Participant, statusMessageID: Int64?) {
        self.conversation = conversation
        self.statusMessageID = statusMessageID
        theirPrefix = "**" + Self.line(participant.name.trimmingSpaces()) + ":** "
        participantName = participant.name.trimmingSpaces()
    }

    func begin(into output: inout String) {
        output += "# " + Self.line(conversation.title) + "\n"
    }

    func sectionStarted(header: String, startsAt: Timestamp, into output: inout String) {
        output += "\n### " + Self.line(header) + "\n"
    }

    mutating func clusterStarted(sender: Sender, into output: inout String) {
        output += "\n"
        clusterHasLine = false
    }

    mutating func message(
        _ message: Message, position: ClusterPosition, section: String?, showsStatus: Bool, isNewest: Bool,
        into output: inout String
    ) {
        let text = Sanitizer.sanitize(message.text, keepingNewlines: true)
        var textLines =
            text.utf8.contains(0x0A) ? text.split(separator: "\n", omittingEmptySubsequences: false) : [text[...]]
        // Trailing line breaks show nothing, and a hard break cannot end a paragraph.
        while textLines.count > 1, textLines.last?.allSatisfy({ $0 == " " }) == true { textLines.removeLast() }
        switch message.sender.role {
        case .system:
            for line in textLines {
                let trimmed = String(line).trimmingSpaces()
                append(trimmed.isEmpty ? "" : "_" + MarkdownEscaper.escape(trimmed) + "_", to: &output)
            }
        case .me, .them:
            // In a group, each participant's messages carry their own name.
            let prefix =
                message.sender == .me
                ? myPrefix
                : message.sender.participant.map { "**" + Self.line($0.trimmingSpaces()) + ":** " } ?? theirPrefix
            for (index, line) in personLines(message, textLines: textLines, isNewest: isNewest).enumerated() {
                append(index == 0 ? prefix + line : line, to: &output)
            }
        }
        if showsStatus { append("_" + MarkdownEscaper.escape(message.status.label) + "_", to: &output) }
    }

    /// A person's message as lines of escaped Markdown: the quote it replies to, its
    /// attachment, its text as written (formatting markers stay, escaped), "(edited)", and
    /// its reactions, its buttons and card (and its quick replies when it is the newest
    /// message: once anything follows, they were answered); "message deleted" in place of a
    /// deleted one.
    private func personLines(_ message: Message, textLines: [Substring], isNewest: Bool) -> [String] {
        if message.isDeleted { return ["_message deleted_"] }
        var lines: [String] = []
        if let quote = message.quote {
            let sender = quote.sender == .me ? "You" : quote.sender.participant ?? participantName
            lines.append("↪ _" + Self.line(sender) + ": " + Self.line(quote.excerpt) + "_")
        }
        if let attachment = message.attachment {
            let details = attachment.details.map(Self.line).joined(separator: ", ")
            lines.append(attachment.icon + " " + Self.line(attachment.fileName) + " (" + details + ")")
        }
        let hasText = !(textLines.count == 1 && textLines[0].isEmpty)
        if hasText { lines += textLines.map { MarkdownEscaper.escape(String($0)) } }
        if message.isEdited {
            if lines.isEmpty { lines.append("") }
            lines[lines.count - 1] += " _(edited)_"
        }
        if !message.reactions.isEmpty {
            let badges = message.reactionCounts.map { Self.line($0.emoji) + ($0.count > 1 ? " \($0.count)" : "") }
            lines.append("_reactions:_ " + badges.joined(separator: " · "))
        }
        if let actions = message.actions { lines += actionLines(actions, showsQuickReplies: isNewest) }
        return lines.isEmpty ? [""] : lines
    }

    /// A card, buttons and quick replies, listed: "_card:_ **Margherita** · from 8 € · [Order]",
    /// "_buttons:_ [Yes] · [No] · [Menu](https://…)", "_quick replies:_ [Later]"; only http,
    /// https and mailto URLs become links.
    private func actionLines(_ actions: MessageActions, showsQuickReplies: Bool) -> [String] {
        func list(_ buttons: [ActionButton]) -> String {
            buttons.map { button in
                let label = "[" + Self.line(button.label) + "]"
                guard let url = button.url, url.allSatisfy({ !$0.isWhitespace && $0 != ")" && $0 != "<" }),
                    let scheme = URL(string: url)?.scheme?.lowercased(), ["http", "https", "mailto"].contains(scheme)
                else {
                    return label
                }
                return label + "(" + url + ")"
            }.joined(separator: " · ")
        }
        var lines: [String] = []
        if let card = actions.card {
            var parts = ["**" + Self.line(card.title) + "**"]
            if let subtitle = card.subtitle { parts.append(Self.line(subtitle)) }
            if let image = card.image { parts.append("🖼 " + Self.line(image)) }
            if !card.buttons.isEmpty { parts.append(list(card.buttons)) }
            lines.append("_card:_ " + parts.joined(separator: " · "))
        }
        if !actions.buttons.isEmpty { lines.append("_buttons:_ " + list(actions.buttons)) }
        if showsQuickReplies, !actions.quickReplies.isEmpty {
            lines.append("_quick replies:_ " + list(actions.quickReplies))
        }
        return lines
    }

    /// "_⑂ 2 of 3 versions here: branch 1 "yes", branch 2 (this one)…_" on its own line.
    mutating func branchPoint(_ point: BranchPoint, of message: Message, into output: inout String) {
        append("_⑂ " + Self.line(point.note) + "_", to: &output)
    }

    func clusterEnded(into output: inout String) {
        output += "\n"
    }

    func sectionEnded(into output: inout String) {}

    func end(messageCount: Int, into output: inout String) {}

    /// One line of the cluster's paragraph. A trailing backslash is CommonMark's hard line
    /// break: the cluster stays one paragraph with one message per line.
    private mutating func append(_ line: String, to output: inout String) {
        if clusterHasLine { output += "\\\n" }
        output += line
        clusterHasLine = true
    }

    /// One line of sanitised, escaped text (titles, names, headers).
    private static func line(_ text: String) -> String {
        MarkdownEscaper.escape(Sanitizer.sanitize(text))
    }
}
