/// What one event changes in a drawn transcript, as `TranscriptFeed` gives it: the outputs
/// only decide where the lines go and what they can redraw.
enum TranscriptDrawing: Equatable {
    /// Lines added under everything drawn: the separator above a new message and its bubble.
    case append(Append)
    /// Lines outside the conversation (a notice, a handler trace), added under everything
    /// drawn; what is above them stays as it is.
    case aside([String])
    /// A message already given changed (edited, deleted, reacted to), for an output that
    /// does not redraw its window.
    case changed(Changed)
    /// What was given no longer matches the conversation: an output that can draws its
    /// window again (`TranscriptFeed.window`) and restarts the feed after it.
    case restart(Restart)
    /// Only the live region under the transcript moved (typing dots, a delivery status).
    case live(Live)
    /// Nothing to draw.
    case nothing

    /// A new message at the end of the transcript.
    struct Append: Equatable {
        /// The previous bubble drawn again, when the new message joins its cluster and so
        /// moves its tail; nil when it stays as given.
        var replacing: Replacement?
        /// The separator (blank line, section header) and then the new bubble.
        var lines: [String]
        /// How many of `lines`, at the end, are the new bubble: a later drawing may replace
        /// them until it is known whether the message ends its cluster.
        var bubbleRows: Int
        /// How many of `lines`, at the start, go above the bubble.
        var separatorRows: Int
        /// Whether the bubble is sent up from the input line (the reader's own message).
        var animates: Bool

        var separator: [String] { Array(lines.prefix(separatorRows)) }
        var bubble: [String] { Array(lines.suffix(bubbleRows)) }
    }

    /// A changed message: its newest bubble drawn again when it is still replaceable, and
    /// lines that show it again under what is drawn ("#4 edited:" and the bubble).
    struct Changed: Equatable {
        var replacing: Replacement?
        var reprint: [String]
    }

    /// Lines given before, drawn again.
    struct Replacement: Equatable {
        var old: [String]
        var new: [String]

        /// The rows to draw again in place, from the first that changed to the bottom (a
        /// moved tail, quick replies that went); nil when nothing changed.
        var rewrite: LiveRegion.Rewrite? {
            guard old != new else { return nil }
            let same = zip(old, new).prefix { $0 == $1 }.count
            return LiveRegion.Rewrite(rows: old.count - same, lines: Array(new.dropFirst(same)))
        }

        /// The bottom row alone, when it is the only row that changed (a bubble's tail):
        /// what a terminal can rewrite in place above its live region.
        var bottomRowOnly: String? {
            guard old.count == new.count, let last = new.last, old.last != last,
                old.dropLast() == new.dropLast()
            else { return nil }
            return last
        }
    }

    /// Why the window must be drawn again.
    enum Restart: Equatable {
        /// The grouping rules changed: the transcript re-flows.
        case regrouped
        /// Another conversation was opened.
        case opened
        /// A message arrived that sorts before the newest drawn one.
        case reordered
        /// A drawn message was edited, deleted or reacted to.
        case changed
    }

    /// What moved in the live region.
    enum Live: Equatable {
        case typingStarted
        case typingStopped
        /// A message's delivery status moved forward (nothing else changed).
        case statusMoved
        /// A bot loaded: the other side may have another name.
        case participantChanged
    }
}
