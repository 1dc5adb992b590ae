import BanterCore
import BanterTheme

/// What a bot's message offers to pick, drawn under its bubble: a card as a framed block
/// (its picture inline where the terminal draws pictures, else a placeholder; title,
/// subtitle and its own buttons), then the buttons and quick replies as numbered chips,
/// `[1 Yes]  [2 No]` for buttons and `(3 Later)` for quick replies, wrapped to the width a
/// bubble may take. Link buttons are not numbered: `[Menu ↗]` is an OSC 8 link the terminal
/// opens. The numbers are the ones the digit keys and `/tap N` pick (`ActionChoice`).
/// Labels, titles and URLs are untrusted and sanitised before they are measured.
extension TranscriptRenderer {
    func appendActions(
        _ actions: MessageActions, of message: Message, sentByMe: Bool, showsQuickReplies: Bool,
        painter: inout BubblePainter, scratch: inout [WrappedLine], into output: inout [String]
    ) {
        var number = 0
        if let card = actions.card {
            appendCard(
                card, of: message, sentByMe: sentByMe, number: &number, painter: &painter, scratch: &scratch,
                into: &output)
        }
        let chips = chips(actions.buttons, number: &number, of: message, quick: false)
        let quick = showsQuickReplies ? self.chips(actions.quickReplies, number: &number, of: message, quick: true) : []
        let room = max(painter.maxFootprint - 2, 1)
        for row in rows(of: chips + quick, room: room) {
            output.append(sentByMe ? painter.spaces(painter.usable - 2 - row.width) + row.text : "  " + row.text)
        }
    }

    /// The card's frame: picture (inline or a placeholder), title, subtitle, buttons.
    private func appendCard(
        _ card: ActionCard, of message: Message, sentByMe: Bool, number: inout Int, painter: inout BubblePainter,
        scratch: inout [WrappedLine], into output: inout [String]
    ) {
        let ink = escapes.ink(sentByMe: sentByMe)
        let top = output.count
        scratch.removeAll(keepingCapacity: true)
        var picture: PicturePlacement?
        if let image = card.image {
            if let attachment = message.attachment, attachment.fileName == image {
                picture = appendAttachment(attachment, of: message, ink: ink, painter: painter, into: &scratch)
            } else {
                let name = DisplayWidth.truncated(
                    "🖼 " + Sanitizer.sanitize(image), toWidth: painter.maxInner, model: widthModel)
                scratch.append(WrappedLine(text: Substring(name), width: DisplayWidth.of(name, model: widthModel)))
            }
        }
        let title = Sanitizer.sanitize(card.title)
        let bold = markupEscapes.isEnabled ? SGR.bold : ""
        for line in wrapper.wrap(title, width: painter.maxInner) {
            let text = bold.isEmpty ? String(line.text) : bold + line.text + "\u{1B}[22m"
            scratch.append(WrappedLine(text: Substring(text), width: line.width))
        }
        if let subtitle = card.subtitle, !subtitle.isEmpty {
            appendPiece(Sanitizer.sanitize(subtitle), role: .quote, ink: ink, width: painter.maxInner, into: &scratch)
        }
        let chips = chips(card.buttons, number: &number, of: message, quick: false, inside: ink)
        for row in rows(of: chips, room: painter.maxInner) {
            scratch.append(WrappedLine(text: Substring(row.text), width: row.width))
        }
        painter.appendBubble(scratch, sentByMe: sentByMe, hasTail: false, into: &output)
        if let picture {
            place(picture, lines: scratch, sentByMe: sentByMe, painter: painter, bubbleTop: top, into: &output)
        }
    }

    /// One drawn chip: its text with escapes, its width, and its text without escapes.
    private struct Chip {
        var text: String
        var width: Int
        var plain = ""
    }

    /// The chips of `buttons`, numbering the ones that are not links from `number` on.
    /// Inside a card (`inside`), the role's escapes are those of the card's bubble.
    private func chips(
        _ buttons: [ActionButton], number: inout Int, of message: Message, quick: Bool, inside ink: BubbleInk? = nil
    ) -> [Chip] {
        let (open, close) = quick ? ("(", ")") : ("[", "]")
        let arrow = bubbleStyle == .ascii ? " ->" : " ↗"
        return buttons.enumerated().map { index, button in
            let label = Sanitizer.sanitize(button.label)
            let prefix: String
            if button.url == nil {
                number += 1
                prefix = open + "\(number) "
            } else {
                prefix = open
            }
            let suffix = (button.url == nil ? "" : arrow) + close
            let room = max(maxChipWidth - prefix.utf8.count - DisplayWidth.of(suffix, model: widthModel), 1)
            let cut = DisplayWidth.truncated(label, toWidth: room, model: widthModel)
            let plain = prefix + cut + suffix
            let width = DisplayWidth.of(plain, model: widthModel)
            var text: String
            if let ink {
                let start = ink[.button]
                text = start.isEmpty ? plain : start + plain + escapes.reset + ink.body
            } else {
                text = escapes.paint(plain, as: .button)
            }
            if let url = button.url, markupEscapes.isEnabled {
                text = Hyperlink.open(url, id: "b\(message.id)-\(index)") + text + Hyperlink.close
            }
            return Chip(text: text, width: width, plain: plain)
        }
    }

    /// The longest a chip is drawn; a longer label is cut with "…".
    private var maxChipWidth: Int { 40 }

    /// Chips in rows of at most `room` columns, two spaces apart.
    private func rows(of chips: [Chip], room: Int) -> [Chip] {
        var rows: [Chip] = []
        var row = Chip(text: "", width: 0)
        for chip in chips {
            let cut = chip.width > room ? shortened(chip, to: room) : chip
            if row.width > 0, row.width + 2 + cut.width > room {
                rows.append(row)
                row = Chip(text: "", width: 0)
            }
            row = row.width == 0 ? cut : Chip(text: row.text + "  " + cut.text, width: row.width + 2 + cut.width)
        }
        if row.width > 0 { rows.append(row) }
        return rows
    }

    /// A chip too wide for a narrow terminal, cut to `room` columns (its escapes dropped).
    private func shortened(_ chip: Chip, to room: Int) -> Chip {
        let plain = DisplayWidth.truncated(chip.plain, toWidth: room, model: widthModel)
        return Chip(text: escapes.paint(plain, as: .button), width: DisplayWidth.of(plain, model: widthModel))
    }
}
