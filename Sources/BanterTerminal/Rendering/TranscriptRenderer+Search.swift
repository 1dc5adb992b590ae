import BanterCore
import BanterTheme

/// Search results: one line per hit, the matched terms highlighted.
extension TranscriptRenderer {
    /// One line for a search hit: "{header}  {who}: {text}", cut to the width, the parts of
    /// the message text in `ranges` highlighted. Ranges are indices of `message.text`;
    /// overlapping or unordered ranges are fine. With colour, matches get the theme's
    /// highlight background; without, they are wrapped in "*" so they stay visible in
    /// piped output. Line breaks in the message become spaces.
    func searchHit(_ message: Message, highlighting ranges: [Range<String.Index>], width: Int) -> String {
        let painter = BubblePainter(width: width, style: bubbleStyle, shapes: theme.fillShapes, escapes: escapes)
        let who = speakerName(message.sender)
        let prefix = Sanitizer.sanitize(headerFormatter.format(message.sentAt, now: now) + "  " + who + ": ")
        var pieces = [SearchHighlight(text: prefix, isMatch: false)]
        // A file is found by its name too: the hit names it before the caption.
        if let attachment = message.attachment, !message.isDeleted {
            let name = attachment.icon + " " + attachment.fileName + (message.text.isEmpty ? "" : " ")
            pieces.append(SearchHighlight(text: Sanitizer.sanitize(name), isMatch: false))
        }
        for piece in split(message.text, at: ranges) {
            let flattened = String(piece.text.map { $0 == "\n" || $0 == "\r\n" ? " " : $0 })
            pieces.append(SearchHighlight(text: Sanitizer.sanitize(flattened), isMatch: piece.isMatch))
        }

        let plainMarker = theme.colorMode == .none ? "*" : ""
        var line = ""
        var used = 0
        let limit = painter.usable
        outer: for piece in pieces {
            if piece.text.isEmpty { continue }
            let opening = piece.isMatch ? escapes[.highlight] + plainMarker : ""
            let closing = piece.isMatch ? plainMarker + escapes.reset : ""
            let markerWidth = piece.isMatch ? plainMarker.utf8.count * 2 : 0
            if used + markerWidth + 1 > limit { break }
            line += opening
            used += markerWidth
            for character in piece.text {
                let columns = DisplayWidth.of(character, model: widthModel)
                if used + columns > limit - 1 {
                    line += closing
                    line += "…"
                    break outer
                }
                line.append(character)
                used += columns
            }
            line += closing
        }
        return line
    }

    /// What a search hit calls the sender: "You" for the perspective's side, the
    /// participant's name for a bot or the conversation's other side, "Other side" for the
    /// user as seen by someone speaking as the other side (the user has no name).
    func speakerName(_ sender: Sender) -> String {
        switch sender.role {
        case .system: "Banter"
        case _ where wrote(sender): "You"
        case .them: sender.participant ?? participant.name
        case .me: "Other side"
        }
    }

    /// `text` cut into matched and unmatched pieces, the ranges merged and clamped.
    private func split(_ text: String, at ranges: [Range<String.Index>]) -> [SearchHighlight] {
        let sorted =
            ranges
            .map { range in
                let lower = max(range.lowerBound, text.startIndex), upper = min(range.upperBound, text.endIndex)
                return lower..<max(lower, upper)
            }
            .filter { !$0.isEmpty }
            .sorted { $0.lowerBound < $1.lowerBound }
        var pieces: [SearchHighlight] = []
        var cursor = text.startIndex
        var index = 0
        while index < sorted.count {
            var lower = sorted[index].lowerBound
            var upper = sorted[index].upperBound
            index += 1
            while index < sorted.count, sorted[index].lowerBound <= upper {
                upper = max(upper, sorted[index].upperBound)
                index += 1
            }
            lower = max(lower, cursor)
            guard lower < upper else { continue }
            if cursor < lower {
                pieces.append(SearchHighlight(text: String(text[cursor..<lower]), isMatch: false))
            }
            pieces.append(SearchHighlight(text: String(text[lower..<upper]), isMatch: true))
            cursor = upper
        }
        if cursor < text.endIndex {
            pieces.append(SearchHighlight(text: String(text[cursor...]), isMatch: false))
        }
        return pieces
    }
}
