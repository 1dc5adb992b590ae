import BanterCore
import BanterTheme

/// The parts of a bubble beyond its text: a reply's quote, an attachment (inline picture or
/// placeholder), the "edited" marker, the "message deleted" placeholder, the reaction badges
/// under the bubble and message ids beside it. Every piece is untrusted text (names, media
/// types, captions, quotes, emoji) and is sanitised before it is measured.
extension TranscriptRenderer {
    /// A picture drawn over blank rows of a bubble, once the rows are laid out.
    struct PicturePlacement {
        /// The picture's rows, counted from the bubble's first text row.
        var firstRow: Int
        var rows: Int
        var escape: String
    }

    static let deletedText = "🚫 message deleted"
    static let editedText = "edited"

    /// Appends a person's message: the bubble (or an emoji line), then its reactions, then
    /// its card and buttons (`appendActions`; quick replies only with `showsQuickReplies`).
    /// Returns the index of the bubble's last row (where its tail is), or of the last row
    /// drawn when there is no bubble (a card alone), for a group's avatar.
    @discardableResult
    func appendPersonMessage(
        _ message: Message, sentByMe: Bool, hasTail: Bool, showsQuickReplies: Bool,
        painter: inout BubblePainter, scratch: inout [WrappedLine], into output: inout [String]
    ) -> Int {
        let first = output.count
        let text = message.isDeleted ? "" : Sanitizer.sanitize(message.text, keepingNewlines: true)
        let actions = message.isDeleted ? nil : message.actions
        // A card's picture travels as the message's file and is drawn in the card.
        let attachment = actions?.card.map { Self.picture(of: $0, in: message) } ?? message.attachment
        if !message.isDeleted, attachment == nil, message.quote == nil, !message.isEdited,
            EmojiText.isEmojiOnly(text)
        {
            output.append(emojiLine(text, sentByMe: sentByMe, painter: painter))
        } else if actions == nil || !text.isEmpty || attachment != nil || message.quote != nil || message.isEdited {
            scratch.removeAll(keepingCapacity: true)
            let picture = appendContent(
                of: message, text: text, attachment: attachment, sentByMe: sentByMe, painter: painter, into: &scratch)
            painter.appendBubble(scratch, sentByMe: sentByMe, hasTail: hasTail, into: &output)
            if let picture {
                place(picture, lines: scratch, sentByMe: sentByMe, painter: painter, bubbleTop: first, into: &output)
            }
        }
        let bubbleEnd = first < output.count ? output.count - 1 : nil
        if showsMessageIDs, first < output.count {
            label(message, row: first, sentByMe: sentByMe, painter: painter, output: &output)
        }
        if let siblings = siblings[message.id] {
            output.append(siblingRow(siblings, sentByMe: sentByMe, painter: painter))
        }
        if !message.isDeleted, !message.reactions.isEmpty {
            output.append(reactionRow(message.reactionCounts, sentByMe: sentByMe, painter: painter))
        }
        if let actions {
            appendActions(
                actions, of: message, sentByMe: sentByMe, showsQuickReplies: showsQuickReplies, painter: &painter,
                scratch: &scratch, into: &output)
        }
        return bubbleEnd ?? output.count - 1
    }

    /// The message's attachment unless it is `card`'s picture (then the card draws it).
    private static func picture(of card: ActionCard, in message: Message) -> Attachment? {
        guard let attachment = message.attachment, card.image == attachment.fileName else { return message.attachment }
        return nil
    }

    /// The rows inside the bubble, top to bottom: quote, attachment, text, "edited".
    private func appendContent(
        of message: Message, text: String, attachment: Attachment?, sentByMe: Bool, painter: BubblePainter,
        into lines: inout [WrappedLine]
    ) -> PicturePlacement? {
        let ink = escapes.ink(sentByMe: sentByMe)
        if message.isDeleted {
            appendPiece(Self.deletedText, role: .deleted, ink: ink, width: painter.maxInner, into: &lines)
            return nil
        }
        if let quote = message.quote { appendQuote(quote, ink: ink, painter: painter, into: &lines) }
        var picture: PicturePlacement?
        if let attachment {
            picture = appendAttachment(attachment, of: message, ink: ink, painter: painter, into: &lines)
        }
        if !text.isEmpty {
            if markupEscapes.isEnabled, let markup = InlineMarkup.parse(text) {
                appendFormatted(markup, linkID: "m\(message.id)", body: ink.body, width: painter.maxInner, into: &lines)
            } else {
                wrapper.wrap(text, width: painter.maxInner, into: &lines)
            }
        }
        if message.isEdited {
            appendEditedMarker(
                ink: ink, painter: painter, pictureEnd: picture.map { $0.firstRow + $0.rows }, into: &lines)
        }
        return picture
    }

    /// "▎ Alisha" and "▎ the quoted first line", in the quote role, cut to the bubble.
    private func appendQuote(_ quote: Quote, ink: BubbleInk, painter: BubblePainter, into lines: inout [WrappedLine]) {
        let bar = bubbleStyle == .ascii ? "| " : "▎ "
        let room = max(painter.maxInner - 2, 1)
        let name = Sanitizer.sanitize(speakerName(quote.sender))
        let excerpt = Sanitizer.sanitize(quote.excerpt)
        for piece in [name, excerpt.isEmpty ? "…" : excerpt] {
            let cut = DisplayWidth.truncated(piece, toWidth: room, model: widthModel)
            lines.append(styled(bar + cut, width: 2 + DisplayWidth.of(cut, model: widthModel), role: .quote, ink: ink))
        }
    }

    /// An attachment's rows: the picture's blank rows when the terminal draws it, else the
    /// icon and name, then the details (media type, pixel size, byte size).
    func appendAttachment(
        _ attachment: Attachment, of message: Message, ink: BubbleInk, painter: BubblePainter,
        into lines: inout [WrappedLine]
    ) -> PicturePlacement? {
        if attachment.isImage, let size = attachment.pixelSize,
            inlineImages.format.draws(mediaType: attachment.mediaType),
            let bytes = inlineImages.pictures[message.id]
        {
            let cells = InlineImageEscapes.cells(
                pixelWidth: size.width, pixelHeight: size.height, maxColumns: painter.maxInner,
                maxRows: InlineImages.maximumRows)
            let first = lines.count
            let blank = WrappedLine(text: Substring(painter.spaces(cells.columns)), width: cells.columns)
            lines.append(contentsOf: repeatElement(blank, count: cells.rows))
            let escape = InlineImageEscapes.image(
                bytes, name: attachment.fileName, columns: cells.columns, rows: cells.rows,
                protocol: inlineImages.format)
            return PicturePlacement(firstRow: first, rows: cells.rows, escape: escape)
        }
        let icon = attachment.icon
        let name = DisplayWidth.truncated(
            Sanitizer.sanitize(attachment.fileName), toWidth: max(painter.maxInner - 3, 1), model: widthModel)
        let title = icon + " " + name
        lines.append(WrappedLine(text: Substring(title), width: DisplayWidth.of(title, model: widthModel)))
        // Rows break between the details rather than inside one ("1.2 MiB" stays together).
        let details = attachment.details.map { Sanitizer.sanitize($0) }
        var row = ""
        for detail in details {
            let joined = row.isEmpty ? detail : row + " · " + detail
            if row.isEmpty || DisplayWidth.of(joined, model: widthModel) <= painter.maxInner {
                row = joined
            } else {
                appendPiece(row, role: .attachment, ink: ink, width: painter.maxInner, into: &lines)
                row = detail
            }
        }
        appendPiece(row, role: .attachment, ink: ink, width: painter.maxInner, into: &lines)
        return nil
    }

    /// "edited", right-aligned on the last text row when it fits there, else on its own row.
    private func appendEditedMarker(
        ink: BubbleInk, painter: BubblePainter, pictureEnd: Int?, into lines: inout [WrappedLine]
    ) {
        let marker = Self.editedText
        let markerWidth = marker.utf8.count
        let painted = paint(marker, role: .edited, ink: ink)
        var inner = 1
        for line in lines where line.width > inner { inner = line.width }
        if let last = lines.last, lines.count != pictureEnd, last.width + 2 + markerWidth <= painter.maxInner {
            let width = max(inner, last.width + 2 + markerWidth)
            let gap = width - last.width - markerWidth
            lines[lines.count - 1] = WrappedLine(
                text: Substring(String(last.text) + painter.spaces(gap) + painted), width: width)
            return
        }
        let gap = max(inner - markerWidth, 0)
        lines.append(WrappedLine(text: Substring(painter.spaces(gap) + painted), width: gap + markerWidth))
    }

    /// `text` wrapped to `width`, every row in `role`.
    func appendPiece(
        _ text: String, role: Palette.TextRole, ink: BubbleInk, width: Int, into lines: inout [WrappedLine]
    ) {
        for line in wrapper.wrap(text, width: width) {
            lines.append(styled(String(line.text), width: line.width, role: role, ink: ink))
        }
    }

    private func styled(_ text: String, width: Int, role: Palette.TextRole, ink: BubbleInk) -> WrappedLine {
        WrappedLine(text: Substring(paint(text, role: role, ink: ink)), width: width)
    }

    /// `text` in `role` inside a bubble: the role as that side's bubbles draw it, the text,
    /// then the bubble's body colours again.
    private func paint(_ text: String, role: Palette.TextRole, ink: BubbleInk) -> String {
        let start = ink[role]
        return start.isEmpty ? text : start + text + escapes.reset + ink.body
    }

    /// Draws the picture over its blank rows: appended to its last row, it moves the cursor
    /// up to the first and back, so the rows are printed (and scrolled) before it appears.
    func place(
        _ picture: PicturePlacement, lines: [WrappedLine], sentByMe: Bool, painter: BubblePainter, bubbleTop: Int,
        into output: inout [String]
    ) {
        var inner = 1
        for line in lines where line.width > inner { inner = line.width }
        let footprint = inner + BubblePainter.chrome
        let column = sentByMe ? painter.usable - footprint + 2 : 3 + painter.indent
        let end = sentByMe ? painter.usable : footprint + painter.indent
        // The bubble's top row comes first, then one output row per content row.
        let lastRow = bubbleTop + 1 + picture.firstRow + picture.rows - 1
        guard lastRow < output.count else { return }
        output[lastRow] += InlineImageEscapes.placed(
            picture.escape, up: picture.rows - 1, column: column, returningTo: end)
    }

    /// "#42" beside the bubble's (or emoji line's) first row, on the side away from the
    /// sender's edge, when there is room.
    private func label(_ message: Message, row: Int, sentByMe: Bool, painter: BubblePainter, output: inout [String]) {
        guard row < output.count else { return }
        let label = "#\(message.id)"
        let painted = escapes.paint(label, as: .messageID)
        let line = output[row]
        if sentByMe {
            let leading = line.utf8.prefix { $0 == 0x20 }.count
            guard leading >= label.utf8.count + 1 else { return }
            let rest = String(Substring(line.utf8.dropFirst(leading)))
            output[row] = painter.spaces(leading - label.utf8.count - 1) + painted + " " + rest
        } else {
            let width = DisplayWidth.of(SGR.strip(line), model: widthModel)
            guard width + 1 + label.utf8.count <= painter.usable else { return }
            output[row] = line + " " + painted
        }
    }

    /// "‹ 2/3 ›" under a bubble that has siblings (another answer to the same message),
    /// aligned like the reaction badges; "< 2/3 >" in the ASCII style.
    private func siblingRow(_ siblings: Siblings, sentByMe: Bool, painter: BubblePainter) -> String {
        let (left, right) = bubbleStyle == .ascii ? ("<", ">") : ("‹", "›")
        let text = "\(left) \(siblings.label) \(right)"
        let width = DisplayWidth.of(text, model: widthModel)
        let row = escapes.paint(text, as: .messageID)
        return sentByMe ? painter.spaces(max(painter.usable - 2 - width, 0)) + row : "  " + row
    }

    /// The badges under a bubble, "❤️ 2 👍", inside the widest a bubble may be: under the
    /// received bubble's left edge or ending under the sent one's right edge. Badges that do
    /// not fit become "+N".
    private func reactionRow(_ counts: [ReactionCount], sentByMe: Bool, painter: BubblePainter) -> String {
        let room = painter.maxFootprint - 2
        var badges: [String] = []
        var used = 0
        for (index, count) in counts.enumerated() {
            let emoji = Sanitizer.sanitize(count.emoji)
            let badge = count.count > 1 ? "\(emoji) \(count.count)" : emoji
            let separator = badges.isEmpty ? 0 : 1
            let width = DisplayWidth.of(badge, model: widthModel)
            let later = counts.count - index - 1
            let reserve = later > 0 ? 1 + "+\(later)".utf8.count : 0
            guard used + separator + width + reserve <= room else {
                let rest = "+\(counts.count - index)"
                badges.append(rest)
                used += separator + rest.utf8.count
                break
            }
            badges.append(badge)
            used += separator + width
        }
        let row = escapes.paint(badges.joined(separator: " "), as: .reaction)
        return sentByMe ? painter.spaces(painter.usable - 2 - used) + row : "  " + row
    }
}
