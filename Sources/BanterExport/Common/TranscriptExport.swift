import BanterCore

/// Everything an export needs, laid out once: the conversation, the other side, its
/// messages grouped exactly as the product groups them, and the headers as they read at
/// `now`. The formats are pure functions of this value, so exports are reproducible.
public struct TranscriptExport: Sendable {
    public let conversation: Conversation
    public let participant: Participant
    /// The messages in layout order: by time, ties broken by id.
    public let messages: [Message]
    /// Formats the section headers; its pattern is the conversation's header pattern.
    public let headerFormatter: HeaderFormatter
    /// "Now" for the headers ("Today", "Yesterday").
    public let now: Timestamp
    /// The sections and clusters of `Layout.items(for:rules:)`, headers already formatted.
    public let sections: [TranscriptSection]
    /// The last message the user sent, under which its delivery status is shown.
    public let lastSentID: Int64?

    /// Lays out `messages` with the conversation's rules. `headerFormatter` supplies the
    /// time zone and locale; its pattern is replaced by the conversation's header pattern.
    public init(
        conversation: Conversation, participant: Participant, messages: [Message],
        headerFormatter: HeaderFormatter, now: Timestamp
    ) {
        var formatter = headerFormatter
        formatter.pattern = conversation.rules.headerPattern
        self.conversation = conversation
        self.participant = participant
        self.headerFormatter = formatter
        self.now = now

        var sections: [TranscriptSection] = []
        var ordered: [Message] = []
        ordered.reserveCapacity(messages.count)
        for item in Layout.items(for: messages, rules: conversation.rules) {
            switch item {
            case .sectionHeader(let time):
                sections.append(TranscriptSection(header: formatter.format(time, now: now), startsAt: time, clusters: []))
            case .message(let message, let position, _):
                ordered.append(message)
                let last = sections.count - 1
                if position == .single || position == .first {
                    sections[last].clusters.append(TranscriptCluster(sender: message.sender, messages: [message]))
                } else {
                    sections[last].clusters[sections[last].clusters.count - 1].messages.append(message)
                }
            }
        }
        self.sections = sections
        self.messages = ordered
        lastSentID = ordered.last { $0.sender == .me }?.id
    }

    /// The export in `format`, as the text of the file to write.
    public func rendered(as format: ExportFormat) throws -> String {
        switch format {
        case .markdown: return markdown()
        case .html: return html()
        case .json: return try jsonString()
        }
    }
}
