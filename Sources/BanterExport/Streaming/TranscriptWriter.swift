import BanterCore
import BanterTheme

/// Writes a transcript while it is read: messages go in page by page, in layout order, and
/// the text they make final comes out, so an export of any length needs memory for one
/// page only. Pure: the caller reads the pages and writes the text wherever it goes.
///
/// The grouping is decided message by message from the previous one, exactly as `Layout`
/// decides it for a whole conversation, so where the pages break changes nothing. A
/// message is held until the next one arrives (which tells whether it ends its cluster)
/// or until `finish`.
package struct TranscriptWriter {
    package let format: ExportFormat
    package let conversation: Conversation
    var formatter: any TranscriptFormatter
    private var headerFormatter: HeaderFormatter
    private let now: Timestamp
    let rules: GroupingRules
    private let statusMessageID: Int64?
    var held: (message: Message, continuesPrevious: Bool, section: String?)?
    /// The first message of the alternative being drawn, with where it stands at its fork:
    /// its switcher goes under it.
    var switcher: (messageID: Int64, index: Int, fork: BranchTree.Fork)?
    /// The branch points of the messages added (those with siblings), noted under them;
    /// the caller adds each page's before the page.
    package var branchPoints: [Int64: BranchPoint] = [:]
    private var messageCount = 0
    var began = false

    /// - Parameters:
    ///   - headerFormatter: supplies the time zone and locale; its pattern is replaced by the
    ///     conversation's header pattern.
    ///   - now: "now" for the headers ("Today", "Yesterday").
    ///   - statusMessageID: the message the delivery status is shown under: the last one the
    ///     user sent (`ChatStore.lastMessage(conversationID:from: .me)`), known up front.
    ///   - palette: the theme's colours, for the formats that have colour (HTML).
    ///   - attachments: reads and writes attachments' bytes (the JSON format's
    ///     `attachment_data` lines, the HTML page's embedded pictures); check its `error`
    ///     after each call.
    ///   - participants: a group's participants (JSON's header lists them, HTML draws their
    ///     names and avatars); empty for two parties.
    ///   - branches: every branch with its label and whether it is current, which JSON's
    ///     header lists so that an import keeps them (the other formats show one branch).
    ///   - drawsEveryBranch: the page will be drawn with `add(_:read:into:flush:)` (HTML of a
    ///     conversation that forked), so its head carries what switching siblings needs.
    package init(
        format: ExportFormat, conversation: Conversation, participant: Participant, headerFormatter: HeaderFormatter,
        now: Timestamp, statusMessageID: Int64?, palette: Palette = .standard, attachments: AttachmentStreamer? = nil,
        participants: [Participant] = [], branches: [TranscriptBranch] = [], drawsEveryBranch: Bool = false
    ) {
        var headers = headerFormatter
        headers.pattern = conversation.rules.headerPattern
        self.format = format
        self.conversation = conversation
        self.headerFormatter = headers
        self.now = now
        self.rules = conversation.rules
        self.statusMessageID = statusMessageID
        switch format {
        case .markdown:
            formatter = MarkdownFormatter(
                conversation: conversation, participant: participant, statusMessageID: statusMessageID)
        case .html:
            formatter = HTMLFormatter(
                conversation: conversation, participant: participant, statusMessageID: statusMessageID,
                palette: palette, attachments: attachments, participants: participants, forks: drawsEveryBranch)
        case .json:
            formatter = JSONLinesFormatter(
                conversation: conversation, participant: participant, participants: participants,
                timeZone: headers.timeZone, now: now, statusMessageID: statusMessageID, attachments: attachments,
                branches: branches)
        }
    }

    /// Adds the next messages (in layout order: by time, ties by id, continuing where the
    /// previous call stopped) and appends the text they make final to `output`.
    package mutating func add(_ messages: some Sequence<Message>, into output: inout String) {
        if !began { begin(into: &output) }
        for message in messages {
            // Read in place, not copied out: every message passes here.
            guard held != nil else {
                open(section: message, into: &output)
                continue
            }
            let boundary = rules.boundary(from: held!.message, to: message)
            emitHeld(continuedByNext: boundary == .sameCluster, isNewest: false, into: &output)
            switch boundary {
            case .sameCluster:
                held = (message, true, nil)
            case .newCluster:
                formatter.clusterEnded(into: &output)
                formatter.clusterStarted(sender: message.sender, into: &output)
                held = (message, false, nil)
            case .newSection:
                formatter.clusterEnded(into: &output)
                formatter.sectionEnded(into: &output)
                open(section: message, into: &output)
            }
        }
    }

    /// Appends what remains (the held message, the closing of the file) to `output`.
    package mutating func finish(into output: inout String) {
        if !began { begin(into: &output) }
        closeHeld(into: &output)
        formatter.end(messageCount: messageCount, into: &output)
    }

    /// Writes the held message, if any, as the last of what is drawn (of the transcript, or
    /// of a branch on a page drawing every branch), and closes its cluster and section.
    mutating func closeHeld(into output: inout String) {
        guard held != nil else { return }
        emitHeld(continuedByNext: false, isNewest: true, into: &output)
        formatter.clusterEnded(into: &output)
        formatter.sectionEnded(into: &output)
    }

    mutating func begin(into output: inout String) {
        began = true
        formatter.begin(into: &output)
    }

    /// Opens a section (and its first cluster) with `message`, which is then held.
    mutating func open(section message: Message, into output: inout String) {
        let header = headerFormatter.format(message.sentAt, now: now)
        formatter.sectionStarted(header: header, startsAt: message.sentAt, into: &output)
        formatter.clusterStarted(sender: message.sender, into: &output)
        held = (message, false, header)
    }

    mutating func emitHeld(continuedByNext: Bool, isNewest: Bool, into output: inout String) {
        // Moved out, not copied: every message passes here.
        guard let held = held.take() else { return }
        let position = ClusterPosition(continuesPrevious: held.continuesPrevious, continuedByNext: continuedByNext)
        formatter.message(
            held.message, position: position, section: held.section, showsStatus: held.message.id == statusMessageID,
            isNewest: isNewest, into: &output)
        if !branchPoints.isEmpty, let point = branchPoints[held.message.id] {
            formatter.branchPoint(point, of: held.message, into: &output)
        }
        if let switcher, switcher.messageID == held.message.id {
            formatter.switcher(switcher.index, of: switcher.fork, into: &output)
            self.switcher = nil
        }
        messageCount += 1
    }
}
