import BanterCore
import BanterTheme
import Foundation

/// A whole conversation held in memory, exported in one call: for tests, goldens and small
/// transcripts. It runs the same `TranscriptWriter` that `banter export` streams pages
/// through, so both give the same bytes.
struct TranscriptExport: Sendable {
    let conversation: Conversation
    let participant: Participant
    /// The messages in layout order: by time, ties broken by id.
    let messages: [Message]
    /// Formats the section headers; its pattern is replaced by the conversation's.
    let headerFormatter: HeaderFormatter
    /// "Now" for the headers ("Today", "Yesterday").
    let now: Timestamp
    /// The last message the user sent, under which its delivery status is shown.
    let lastSentID: Int64?
    /// A group's participants (empty for two parties).
    package let participants: [Participant]

    /// Everything an export shows, fixed up front (including "now" for the headers), so the
    /// same export renders the same text in every format and on every day.
    init(
        conversation: Conversation, participant: Participant, messages: [Message],
        headerFormatter: HeaderFormatter, now: Timestamp, participants: [Participant] = []
    ) {
        self.conversation = conversation
        self.participants = participants
        self.participant = participant
        self.headerFormatter = headerFormatter
        self.now = now
        self.messages = messages.sorted(by: Message.chronological)
        lastSentID = self.messages.last { $0.sender == .me }?.id
    }

    /// The export in `format` (in `palette`'s colours for HTML), as the text of the file to
    /// write. `attachments` are the files' bytes by message id, for the formats that carry
    /// them (JSON's `attachment_data` lines, HTML's embedded pictures).
    func rendered(
        as format: ExportFormat, palette: Palette = .standard, attachments: [Int64: Data] = [:]
    ) -> String {
        var file = ""
        let streamer = AttachmentStreamer(
            read: { id, body in if let contents = attachments[id] { try body(contents) } },
            write: { file += $0 })
        var writer = TranscriptWriter(
            format: format, conversation: conversation, participant: participant, headerFormatter: headerFormatter,
            now: now, statusMessageID: lastSentID, palette: palette, attachments: attachments.isEmpty ? nil : streamer,
            participants: participants)
        var output = ""
        writer.add(messages, into: &output)
        writer.finish(into: &output)
        return file + output
    }
}
