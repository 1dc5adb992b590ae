import BanterCore
import BanterTheme

/// Turns laid-out conversation items into terminal lines at a given width: a pure function
/// of (layout, width, theme), so the whole transcript is testable without a terminal.
///
/// Lines carry no newline; they contain SGR colour sequences only when the theme has colour,
/// and only ones the renderer wrote itself: all message text, names and headers go through
/// `Sanitizer` before they are measured or printed.
public struct TranscriptRenderer: Sendable {
    public let theme: Theme
    public let widthModel: WidthModel
    public let headerFormatter: HeaderFormatter
    /// "Now" for section headers ("Today", "Yesterday").
    public let now: Timestamp
    /// The other side of the conversation, named in the typing indicator and search hits.
    public let participant: Participant
    /// Whose eyes the transcript is seen through: that side's messages are drawn as sent
    /// (right, sent colours, delivery status), the other side's as received. `.me` for the
    /// user; `.them` mirrors the transcript for the person speaking as the other side.
    let perspective: Side
    /// In a group, the person the transcript is seen as (`banter chat --as Bob`): their
    /// messages are drawn as sent, everyone else's (the user's under "you") as received with
    /// a name; nil when the perspective is a side.
    package var speaker: String?
    /// Whether each bubble shows its message's id ("#42") beside it (`/ids on`).
    var showsMessageIDs = false
    /// Where messages stand among their siblings, by id: drawn as `‹ 2/3 ›` under their
    /// bubbles. Empty unless the conversation forked.
    var siblings: [Int64: Siblings] = [:]
    /// The pictures this render may draw inline (none by default: placeholders).
    var inlineImages = InlineImages.none
    /// A group's participants (those who left included), for their names, initials and
    /// colours; a two-party conversation has none, and its bubbles carry neither.
    package var participants: [Participant] = [] {
        didSet {
            participantStyles = ParticipantStyles(participants: participants, theme: theme, widthModel: widthModel)
        }
    }
    /// `participants` as drawn.
    var participantStyles: ParticipantStyles

    /// The theme's bubble style as it can show in the theme's colour mode.
    let bubbleStyle: BorderStyle
    let escapes: ThemeEscapes
    let markupEscapes: MarkupEscapes
    let wrapper: WordWrapper

    /// Resolves the bubble style and builds the escapes and word wrapper once, so each render
    /// reuses them; by default colourless and seen from the user's side.
    public init(
        theme: Theme = Theme(),
        widthModel: WidthModel = .modern,
        headerFormatter: HeaderFormatter = HeaderFormatter(),
        now: Timestamp,
        participant: Participant,
        perspective: Side = .me
    ) {
        self.theme = theme
        self.widthModel = widthModel
        self.headerFormatter = headerFormatter
        self.now = now
        self.participant = participant
        self.perspective = perspective
        bubbleStyle = BorderStyle.resolved(theme.borderStyle, colorMode: theme.colorMode)
        escapes = ThemeEscapes(theme: theme)
        markupEscapes = MarkupEscapes(escapes: escapes, colorMode: theme.colorMode)
        wrapper = WordWrapper(model: widthModel)
        participantStyles = ParticipantStyles(participants: [], theme: theme, widthModel: widthModel)
    }

    /// The lines of `items` at `width` columns. With `showsStatus`, the delivery status of
    /// the last message the perspective's side sent is drawn under it.
    public func render(_ items: LayoutItems, width: Int, showsStatus: Bool = true) -> [String] {
        var output: [String] = []
        output.reserveCapacity(items.count * 4)
        render(items, width: width, showsStatus: showsStatus, into: &output)
        return output
    }

    /// Appends the lines of `items` to `output`, for callers that reuse one buffer.
    ///
    /// Quick replies show on the last message of `items` alone (they go once another
    /// message comes), and not even there with `lastIsNewest` false: a page of a longer
    /// transcript, whose last message is not the conversation's newest.
    public func render(
        _ items: LayoutItems, width: Int, showsStatus: Bool = true, lastIsNewest: Bool = true,
        into output: inout [String]
    ) {
        var painter = BubblePainter(width: width, style: bubbleStyle, shapes: theme.fillShapes, escapes: escapes)
        var groupPainter: BubblePainter?
        var lastMessageIndex = -1
        if lastIsNewest {
            for index in items.indices.reversed() {
                if case .message = items[index] {
                    lastMessageIndex = index
                    break
                }
            }
        }
        var lastSentIndex = -1
        if showsStatus {
            for index in items.indices.reversed() {
                if case .message(let message, _, _) = items[index], wrote(message.sender) {
                    lastSentIndex = index
                    break
                }
            }
        }
        var scratch: [WrappedLine] = []
        var isFirst = true
        for (index, item) in items.enumerated() {
            switch item {
            case .sectionHeader(let time):
                if !isFirst { output.append("") }
                appendCentred(
                    headerFormatter.format(time, now: now), role: .header, painter: painter, fullWidth: true,
                    into: &output)
            case .message(let message, let position, let spacing):
                if spacing == .blankLine, !isFirst { output.append("") }
                appendMessage(
                    message, position: position, showsQuickReplies: index == lastMessageIndex, painter: &painter,
                    groupPainter: &groupPainter, scratch: &scratch, into: &output)
                if index == lastSentIndex {
                    output.append(statusLine(message.status, painter: painter))
                }
            }
            isFirst = false
        }
    }

    /// The lines of one message as it appears in the transcript (bubble, emoji or system
    /// line), for the REPL to print a new message without re-rendering the rest; its quick
    /// replies show while it is the newest (`showsQuickReplies`).
    public func renderMessage(
        _ message: Message, position: ClusterPosition, width: Int, showsQuickReplies: Bool = true
    ) -> [String] {
        var painter = BubblePainter.forMessage(
            width: width, style: bubbleStyle, shapes: theme.fillShapes, escapes: escapes)
        var groupPainter: BubblePainter?
        var scratch: [WrappedLine] = []
        var output: [String] = []
        appendMessage(
            message, position: position, showsQuickReplies: showsQuickReplies, painter: &painter,
            groupPainter: &groupPainter, scratch: &scratch, into: &output)
        BubblePainter.keep(painter)
        return output
    }

    /// Appends one message; `groupPainter` is the painter of a group's received bubbles
    /// (narrower by the avatar column), made the first time one is drawn.
    func appendMessage(
        _ message: Message, position: ClusterPosition, showsQuickReplies: Bool, painter: inout BubblePainter,
        groupPainter: inout BubblePainter?, scratch: inout [WrappedLine], into output: inout [String]
    ) {
        switch message.role {
        case .system:
            appendCentred(message.text, role: .system, painter: painter, into: &output)
        case .me, .them:
            let sentByMe = wrote(message.sender)
            if !sentByMe && (message.namesParticipant || speaker != nil) {
                appendGroupMessage(
                    message, position: position, showsQuickReplies: showsQuickReplies, painter: painter,
                    groupPainter: &groupPainter, scratch: &scratch, into: &output)
            } else {
                appendPersonMessage(
                    message, sentByMe: sentByMe, hasTail: position.hasTail, showsQuickReplies: showsQuickReplies,
                    painter: &painter, scratch: &scratch, into: &output)
            }
        }
    }

    /// The wrapped lines of `markup`: wrapped on what is shown (markers hidden), each line's
    /// text then carrying its styles and links as escapes, with the width measured before.
    func appendFormatted(
        _ markup: InlineMarkup, linkID: String, body: String, width: Int, into lines: inout [WrappedLine]
    ) {
        let first = lines.count
        wrapper.wrap(markup.visible, width: width, into: &lines)
        let utf8 = markup.visible.utf8
        for index in first..<lines.count {
            let start = utf8.distance(from: utf8.startIndex, to: lines[index].text.startIndex)
            let range = start..<(start + lines[index].text.utf8.count)
            let styled = markupEscapes.line(markup, range: range, linkID: linkID, body: body)
            lines[index] = WrappedLine(text: Substring(styled), width: lines[index].width)
        }
    }

    /// Lines in `role` centred in the usable width, wrapped to the bubble width (or to the
    /// whole usable width for short markers such as headers).
    func appendCentred(
        _ text: String, role: Palette.TextRole, painter: BubblePainter, fullWidth: Bool = false,
        into output: inout [String]
    ) {
        let clean = Sanitizer.sanitize(text, keepingNewlines: true)
        let start = escapes[role]
        let end = start.isEmpty ? "" : escapes.reset
        for line in wrapper.wrap(clean, width: fullWidth ? painter.usable : painter.maxFootprint) {
            let left = (painter.usable - line.width) / 2
            var row = painter.spaces(left)
            row += start
            row.append(contentsOf: line.text) // Not `+=`: see `BubblePainter.appendBubble`.
            row += end
            output.append(row)
        }
    }

    /// Whether the person the transcript is seen as wrote `sender`'s messages.
    package func wrote(_ sender: Sender) -> Bool {
        Self.wrote(sender, perspective: perspective, speaker: speaker)
    }

    /// Whether the side `perspective`, or the group's person `speaker` when there is one,
    /// wrote `sender`'s messages: the one rule the renderer and the feed draw "sent" by.
    static func wrote(_ sender: Sender, perspective: Side, speaker: String?) -> Bool {
        guard let speaker else { return perspective.wrote(sender) }
        return sender.role == .them && sender.participant == speaker
    }

    func emojiLine(_ text: String, sentByMe: Bool, painter: BubblePainter) -> String {
        let trimmed = text.trimmingSpaces()
        let width = DisplayWidth.of(trimmed, model: widthModel)
        // Aligned with a bubble's outer border: after the received tail column, or before
        // the sent one.
        return sentByMe ? painter.spaces(painter.usable - 1 - width) + trimmed : " " + trimmed
    }

    func statusLine(_ status: DeliveryStatus, painter: BubblePainter) -> String {
        let label = status.label
        let width = DisplayWidth.of(label, model: widthModel)
        return painter.spaces(painter.usable - 1 - width) + escapes.paint(label, as: ThemeEscapes.role(for: status))
    }
}
