import BanterCore
import BanterTheme

/// Single lines the REPL draws outside the transcript proper: they live in the redrawable
/// region at the bottom or mark the top of the conversation.
extension TranscriptRenderer {
    /// "Alisha is typing" and `frame % 4` dots, padded so that every frame has the same
    /// width; the participant's name is sanitised and shortened to fit.
    func typingIndicator(frame: Int, width: Int) -> String {
        let painter = BubblePainter(width: width, style: bubbleStyle, shapes: theme.fillShapes, escapes: escapes)
        let dots = ["   ", ".  ", ".. ", "..."][((frame % 4) + 4) % 4]
        let suffix = " is typing" + dots
        let room = painter.usable - 1 - suffix.utf8.count
        let name = DisplayWidth.truncated(
            Sanitizer.sanitize(participant.name), toWidth: max(room, 1), model: widthModel)
        return " " + escapes.paint(name + suffix, as: .typing)
    }

    /// A centred line in `role`: a system line ("You matched with Alisha") by default, or a
    /// notice (a script error) that is shown but not stored.
    func systemLine(_ text: String, role: Palette.TextRole = .system, width: Int) -> [String] {
        let painter = BubblePainter(width: width, style: bubbleStyle, shapes: theme.fillShapes, escapes: escapes)
        var output: [String] = []
        // A script error's stack frames come as lines of their own.
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            appendCentred(String(line), role: role, painter: painter, into: &output)
        }
        return output
    }

    /// `text`, sanitised, on one line in `role` (command output, errors, trace lines): the
    /// way for anything outside the transcript to draw in the theme's colours.
    public func line(_ text: String, role: Palette.TextRole) -> String {
        escapes.paint(Sanitizer.sanitize(text), as: role)
    }

    /// "  Enter picks [2 No] · Tab: next", in the button role, cut to the width: the live
    /// line while Tab has highlighted a choice.
    func choiceHint(_ choice: ActionChoice, width: Int) -> String {
        let label = Sanitizer.sanitize(choice.button.label)
        let text = "Enter picks [\(choice.number) \(label)] · Tab: next"
        return "  "
            + escapes.paint(DisplayWidth.truncated(text, toWidth: max(width - 3, 1), model: widthModel), as: .button)
    }

    /// The marker above the oldest message, once paging up has reached it.
    func beginningOfConversation(width: Int) -> String {
        let painter = BubblePainter(width: width, style: bubbleStyle, shapes: theme.fillShapes, escapes: escapes)
        var output: [String] = []
        appendCentred("— beginning of conversation —", role: .header, painter: painter, fullWidth: true, into: &output)
        return output.first ?? ""
    }

    /// The status line ("Read ✓✓") drawn under the last sent message, right-aligned with
    /// the sent bubbles, for the REPL to redraw when the status changes.
    func statusLine(_ status: DeliveryStatus, width: Int) -> String {
        statusLine(
            status, painter: BubblePainter(width: width, style: bubbleStyle, shapes: theme.fillShapes, escapes: escapes)
        )
    }
}
