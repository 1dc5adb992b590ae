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
    /// Every message added, as printed, so an edit, deletion or reaction can be told apart
    /// from a new delivery status.
    private var drawn = DrawnMessages()

    init(painter: TranscriptPainter, width: Int) {
        self.painter = painter
        self.width = width
    }

    /// The lines that `message` makes final: the held bubble and the separator above the
    /// new message, which is held in turn.
    mutating func add(_ message: Message, rules: GroupingRules, renderer: TranscriptRenderer) -> [String] {
        let step = stream.append(message, rules: rules)
        drawn.record(message)
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

    /// The lines that show a changed message: none when only its status moved or it is the
    /// held bubble (replaced, to be printed as it is now); otherwise, since printed output
    /// stays as it is, the message again under a line saying what changed ("#4 edited:").
    mutating func update(_ message: Message, renderer: TranscriptRenderer) -> [String] {
        guard let change = drawn.change(to: message) else { return [] }
        if let held, held.message.id == message.id {
            self.held = (message, held.position)
            return []
        }
        return flush(renderer: renderer) + Self.reprint(message, change: change, renderer: renderer, width: width)
    }

    /// A changed message printed again under "#ID edited:" (or deleted, reactions changed).
    static func reprint(_ message: Message, change: DrawnMessages.Change, renderer: TranscriptRenderer, width: Int) -> [String] {
        let what = switch change {
        case .edited: "edited"
        case .deleted: "deleted"
        case .reactions: "reactions changed"
        }
        return renderer.systemLine("#\(message.id) \(what):", width: width)
            + renderer.renderMessage(message, position: .single, width: width)
    }

    /// A notice (a script error) between messages.
    mutating func notice(_ text: String, renderer: TranscriptRenderer) -> [String] {
        flush(renderer: renderer) + painter.notice(text, renderer: renderer, width: width)
    }
}
