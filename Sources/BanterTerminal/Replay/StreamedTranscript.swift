import BanterCore

/// A transcript laid out one message at a time, as it is printed: headers where sections
/// start, a blank line between clusters, and the newest bubble held back until the next
/// message shows whether it carries the tail. Pure: it returns the lines to print, so a
/// streamed transcript equals a render of the same messages at once.
struct StreamedTranscript {
    let painter: TranscriptPainter
    let width: Int
    private var stream = TranscriptStream()
    private var held: (message: Message, position: ClusterPosition)?

    init(painter: TranscriptPainter, width: Int) {
        self.painter = painter
        self.width = width
    }

    /// The lines that `message` makes final: the held bubble and the separator above the
    /// new message, which is held in turn.
    mutating func add(_ message: Message, rules: GroupingRules, renderer: TranscriptRenderer) -> [String] {
        let step = stream.append(message, rules: rules)
        var lines: [String] = []
        if let held {
            lines += renderer.renderMessage(held.message, position: step.previousPosition ?? held.position, width: width)
        }
        lines += painter.separator(for: step, message: message, renderer: renderer, width: width)
        held = (message, step.position)
        return lines
    }

    /// The held bubble as it stands (before other output, or at the end).
    mutating func flush(renderer: TranscriptRenderer) -> [String] {
        guard let held else { return [] }
        self.held = nil
        return renderer.renderMessage(held.message, position: held.position, width: width)
    }

    /// Puts a changed version of the held message in its place; false when `message` is not
    /// the one held (it was printed already).
    mutating func replaceHeld(with message: Message) -> Bool {
        guard let held, held.message.id == message.id else { return false }
        self.held = (message, held.position)
        return true
    }

    /// A notice (a script error) between messages.
    mutating func notice(_ text: String, renderer: TranscriptRenderer) -> [String] {
        flush(renderer: renderer) + painter.notice(text, renderer: renderer, width: width)
    }
}
