import BanterCore

/// Single lines the REPL draws outside the transcript proper: they live in the redrawable
/// region at the bottom or mark the top of the conversation.
extension TranscriptRenderer {
    /// "Alisha is typing" and `frame % 4` dots, padded so that every frame has the same
    /// width; the participant's name is sanitised and shortened to fit.
    public func typingIndicator(frame: Int, width: Int) -> String {
        let painter = BubblePainter(width: width, style: bubbleStyle, escapes: escapes)
        let dots = ["   ", ".  ", ".. ", "..."][((frame % 4) + 4) % 4]
        let suffix = " is typing" + dots
        let room = painter.usable - 1 - suffix.utf8.count
        let name = DisplayWidth.truncated(Sanitizer.sanitize(participant.name), toWidth: max(room, 1), model: widthModel)
        return " " + escapes.dim + name + suffix + escapes.reset
    }

    /// A system line ("You matched with Alisha", a script error), centred and dim.
    public func systemLine(_ text: String, width: Int) -> [String] {
        let painter = BubblePainter(width: width, style: bubbleStyle, escapes: escapes)
        var output: [String] = []
        // A script error's stack frames come as lines of their own.
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            appendCentred(String(line), painter: painter, into: &output)
        }
        return output
    }

    /// The marker above the oldest message, once paging up has reached it.
    public func beginningOfConversation(width: Int) -> String {
        let painter = BubblePainter(width: width, style: bubbleStyle, escapes: escapes)
        var output: [String] = []
        appendCentred("— beginning of conversation —", painter: painter, fullWidth: true, into: &output)
        return output.first ?? ""
    }

    /// The status line ("Read ✓✓") drawn under the last sent message, right-aligned with
    /// the sent bubbles, for the REPL to redraw when the status changes.
    public func statusLine(_ status: DeliveryStatus, width: Int) -> String {
        statusLine(status, painter: BubblePainter(width: width, style: bubbleStyle, escapes: escapes))
    }
}
