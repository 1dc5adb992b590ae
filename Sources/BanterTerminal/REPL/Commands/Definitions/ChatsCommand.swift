import BanterChat
import BanterCore

/// `/chats`: the conversations, most recent first, with their last message and unread count.
struct ChatsCommand: ReplCommandDefinition, Equatable {
    static let name = "chats"
    static let usage = "/chats"
    static let summary = "list conversations with their last message and unread count"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> ChatsCommand {
        try expectingNoArguments(arguments)
        return ChatsCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        repl.perform { () throws(ChatError) in try listConversations(repl) }
        return .keepGoing
    }

    private func listConversations(_ repl: ReplController) throws(ChatError) {
        let session = repl.session
        let painter = repl.painter
        let summaries = try session.conversationSummaries()
        let now = session.clock.now
        let width = repl.display.width
        var lines: [String] = []
        for summary in summaries {
            let marker = summary.conversation.id == session.conversation.id ? "*" : " "
            var line = "\(marker) \(summary.conversation.title)"
            if let last = summary.lastMessage {
                let preview = Self.preview(of: last)
                line += "  \(RelativeTime.describe(last.sentAt, now: now))"
                // Unread counts are the user's: the other side's session does not keep them.
                if summary.unreadCount > 0 && session.side == .me { line += "  (\(summary.unreadCount) unread)" }
                line += "  " + (session.side.wrote(last.sender) ? "You: " : "") + preview
            } else {
                line += "  (no messages)"
            }
            lines.append(DisplayWidth.truncated(painter.info(line), toWidth: width - 1, model: painter.widthModel))
        }
        repl.show(lines.isEmpty ? [painter.info("no conversations yet")] : lines)
    }

    /// The last message on one line: its text, "📷 menu.png" (and the caption) for a file,
    /// "message deleted" once it was deleted.
    static func preview(of message: Message) -> String {
        if message.isDeleted { return "message deleted" }
        let text = message.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard let file = message.attachment else { return text }
        return "\(file.icon) \(file.fileName)" + (text.isEmpty ? "" : " \(text)")
    }
}
