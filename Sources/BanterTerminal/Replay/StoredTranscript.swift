import BanterCore
import BanterStore

/// Prints a stored conversation as the REPL shows it, for piping (`banter render`). It
/// reads only the pages it prints, with keyset paging, so a conversation of millions of
/// messages starts printing at once and in little memory.
public struct StoredTranscript {
    public let store: ChatStore
    public let conversation: Conversation
    public let style: TranscriptStyle
    /// "Now" for section headers ("Today", "Yesterday").
    public let now: Timestamp
    private let output = TerminalOutput()

    public init(store: ChatStore, conversation: Conversation, style: TranscriptStyle, now: Timestamp) {
        self.store = store
        self.conversation = conversation
        self.style = style
        self.now = now
    }

    private var renderer: TranscriptRenderer {
        style.painter.renderer(now: now, participant: conversation.participant ?? Participant(name: conversation.title), rules: conversation.rules)
    }

    /// Prints the newest `limit` messages.
    public func printLatest(limit: Int) throws(StoreError) {
        let page = try store.latestPage(conversationID: conversation.id, limit: max(limit, 0))
        output.write(lines: lines(for: page.messages, reachedBeginning: page.reachedBeginning))
    }

    /// Prints the newest messages that fill `rows` rows of a terminal (whole messages, so
    /// the first may reach a little above).
    public func printScreenful(rows: Int) throws(StoreError) {
        let wanted = max(rows, 1)
        let page = try store.latestPage(conversationID: conversation.id, limit: wanted)
        let candidates = page.messages
        var count = 1
        var shown = lines(for: Array(candidates.suffix(count)), reachedBeginning: page.reachedBeginning && candidates.count <= 1)
        while shown.count < wanted && count < candidates.count {
            count += 1
            shown = lines(for: Array(candidates.suffix(count)), reachedBeginning: page.reachedBeginning && count == candidates.count)
        }
        output.write(lines: shown)
    }

    /// Prints the whole conversation from its first message, `pageSize` messages at a time,
    /// writing each page before reading the next.
    public func printAll(pageSize: Int = 1000) throws(StoreError) {
        let renderer = renderer
        var transcript = BatchedTranscript()
        output.write(lines: [renderer.beginningOfConversation(width: style.width)])
        var cursor = store.cursor(conversationID: conversation.id, pageSize: pageSize)
        var newest: Message?
        while let page = try cursor.next() {
            let lines = transcript.add(page, rules: conversation.rules, renderer: renderer, width: style.width)
            output.write(lines: (newest == nil ? [""] : []) + lines)
            newest = page.last
        }
        output.write(lines: transcript.flush(renderer: renderer, width: style.width)
            + style.painter.statusLines(newest: newest, renderer: renderer, width: style.width))
    }

    /// The REPL's window over `messages` and the status under the newest one.
    private func lines(for messages: [Message], reachedBeginning: Bool) -> [String] {
        let renderer = renderer
        return style.painter.window(
            messages, rules: conversation.rules, reachedBeginning: reachedBeginning, renderer: renderer, width: style.width)
            + style.painter.statusLines(newest: messages.last, renderer: renderer, width: style.width)
    }
}
