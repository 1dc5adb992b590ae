import BanterCore

/// Prints a stored conversation as the REPL shows it, for piping (`banter render`). It is
/// given only the pages it prints (read with keyset paging by the caller), so a
/// conversation of millions of messages starts printing at once and in little memory.
package struct StoredTranscript {
    package let conversation: Conversation
    package let style: TranscriptStyle
    /// "Now" for section headers ("Today", "Yesterday").
    package let now: Timestamp
    /// A group's participants (none for a two-party conversation).
    package let participants: [Participant]
    /// Where the messages of a page stand among their siblings (`‹ 2/3 ›`), as the chat
    /// draws them: looked up page by page.
    private let siblings: ([Message]) -> [Int64: Siblings]
    private let output = TerminalOutput()

    package init(
        conversation: Conversation, style: TranscriptStyle, now: Timestamp, participants: [Participant] = [],
        siblings: @escaping ([Message]) -> [Int64: Siblings] = { _ in [:] }
    ) {
        self.conversation = conversation
        self.style = style
        self.now = now
        self.participants = participants
        self.siblings = siblings
    }

    private var feed: TranscriptFeed { TranscriptFeed(painter: style.painter, width: style.width) }

    private func context(reachedBeginning: Bool = false, siblings: [Int64: Siblings] = [:]) -> TranscriptFeed.Context {
        TranscriptFeed.Context(
            now: now, participant: conversation.participant ?? Participant(name: conversation.title),
            rules: conversation.rules,
            reachedBeginning: reachedBeginning, participants: participants, siblings: siblings)
    }

    /// Prints `messages`, the newest page (`reachedBeginning` when it starts at the first
    /// message).
    package func printLatest(_ messages: [Message], reachedBeginning: Bool) {
        output.write(lines: lines(for: messages, reachedBeginning: reachedBeginning))
    }

    /// Prints the newest of `candidates` (the newest page, `rows` messages at most) that
    /// fill `rows` rows of a terminal (whole messages, so the first may reach a little above).
    package func printScreenful(of candidates: [Message], reachedBeginning: Bool, rows: Int) {
        let wanted = max(rows, 1)
        var count = 1
        var shown = lines(
            for: Array(candidates.suffix(count)), reachedBeginning: reachedBeginning && candidates.count <= 1)
        while shown.count < wanted && count < candidates.count {
            count += 1
            shown = lines(
                for: Array(candidates.suffix(count)), reachedBeginning: reachedBeginning && count == candidates.count)
        }
        output.write(lines: shown)
    }

    /// Prints the whole conversation from its first message, a page at a time as `nextPage`
    /// gives them (nil at the end), writing each page before asking for the next.
    package func printAll<Failure: Error>(nextPage: () throws(Failure) -> [Message]?) throws(Failure) {
        var feed = feed
        var context = context()
        output.write(lines: [feed.beginningOfConversation(in: context)])
        var newest: Message?
        while let page = try nextPage() {
            // This page's and the one before's: the newest bubble of a page is drawn with the next.
            context.siblings = context.siblings.filter { id in newest?.id == id.key }.merging(siblings(page)) { $1 }
            let lines = feed.addPage(page, in: context)
            output.write(lines: (newest == nil ? [""] : []) + lines)
            newest = page.last
        }
        output.write(
            lines: feed.finishPages(in: context) + feed.liveLines(newest: newest, typingFrame: nil, in: context))
    }

    /// The REPL's window over `messages` and the status under the newest one.
    private func lines(for messages: [Message], reachedBeginning: Bool) -> [String] {
        let context = context(reachedBeginning: reachedBeginning, siblings: siblings(messages))
        return feed.window(messages, in: context) + feed.liveLines(newest: messages.last, typingFrame: nil, in: context)
    }
}
