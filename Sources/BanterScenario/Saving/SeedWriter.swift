import BanterCore

/// Writes a stretch of a stored conversation as a bot's `seed { … }` back story (`banter
/// scenario --from-conversation … --seed`). Each message's `at` is its offset from the
/// stretch's last message, which becomes `"now"`: the back story keeps its real gaps and
/// ends when the bot's conversation is created. A seed has only `me`, `them` and `system`,
/// so a group's people are folded into `them` (the first line names them), and what a seed
/// cannot hold (files, deleted messages) is a comment at its place. Pure.
package enum SeedWriter {
    /// The Lua source: a comment saying where it came from, then `seed { … }`.
    package static func source(for messages: [Message], comment: String) -> String {
        guard let last = messages.last else { return "\(comment)\nseed {}\n" }
        var lines = [comment]
        let folded = Set(messages.compactMap { $0.sender.role == .them ? $0.sender.participant : nil }).sorted()
        if folded.count > 1 {
            lines.append("-- A seed has one other side: \(folded.joined(separator: ", ")) are all \"them\".")
        }
        lines.append("seed {")
        for message in messages {
            let at = message.sentAt == last.sentAt ? "now" : DurationParser.format(message.sentAt - last.sentAt)
            let who = message.sender.role == .me ? "you" : message.sender.participant ?? message.sender.role.rawValue
            if message.isDeleted {
                lines.append("  -- \(who), \(at): a deleted message")
                continue
            }
            if let attachment = message.attachment {
                lines.append(
                    "  -- \(who), \(at): the file \(ScenarioWriter.oneLine(attachment.fileName)) (a seed holds no files)"
                )
            }
            guard !message.text.isEmpty else { continue }
            let from = ScenarioWriter.literal(message.sender.role.rawValue)
            lines.append(
                "  { from = \(from), text = \(ScenarioWriter.literal(message.text)), at = \(ScenarioWriter.literal(at)) },"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
