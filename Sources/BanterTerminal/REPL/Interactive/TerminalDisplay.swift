import BanterChat
import BanterCore
import Foundation

/// The transcript in a real terminal. Finished lines go into the scrollback and stay; only
/// the live region between them and the prompt (the delivery status of the newest message,
/// the typing indicator) is redrawn. Re-grouping, paging and resizing clear the screen and
/// repaint one window of the transcript, never the user's scrollback.
final class TerminalDisplay: ReplDisplay {
    private let session: ChatSession
    private let editor: LineEditor
    private let painter: TranscriptPainter
    private let output: TerminalOutput
    private let fixedWidth: Int?
    private let animates: Bool

    private(set) var size: TerminalSize
    private var stream = TranscriptStream()
    /// The newest bubble when it is the last thing printed, so its bottom row (the tail) can
    /// be redrawn when the next message joins its cluster.
    private var lastBubble: (message: Message, bottom: String)?
    /// The live region just above the prompt.
    private var liveRegion = LiveRegion(newline: ANSI.newline)
    /// Rows of transcript scrolled back by paging up; 0 follows the conversation live.
    private var scrollOffset = 0
    private var typingFrame = 0
    /// The prompt's width, where typed text starts: the send animation starts there.
    private var promptWidth = 0

    init(session: ChatSession, editor: LineEditor, painter: TranscriptPainter, size: TerminalSize, fixedWidth: Int?, animates: Bool,
         output: TerminalOutput = TerminalOutput()) {
        self.session = session
        self.editor = editor
        self.painter = painter
        self.size = size
        self.fixedWidth = fixedWidth
        self.animates = animates
        self.output = output
    }

    var width: Int { min(fixedWidth ?? size.columns, size.columns) }

    private var renderer: TranscriptRenderer { painter.renderer(for: session) }

    // MARK: ReplDisplay

    func handle(_ event: ChatEvent, origin: EventOrigin) {
        switch event {
        case .messageAdded(let message):
            if scrollOffset > 0 || !stream.accepts(message) {
                repaint(offset: 0)
            } else {
                // The user's own message, just typed, flies up from the prompt.
                let animated = animates && origin == .typedLine && painter.perspective.wrote(message.sender)
                append(message, animated: animated)
            }
        case .messageUpdated, .typingStopped:
            typingFrame = 0
            redraw(permanent: [])
        case .botLoaded:
            typingFrame = 0
            updatePrompt()
            redraw(permanent: [])
        case .typingStarted:
            redraw(permanent: [])
        case .conversationOpened:
            updatePrompt()
            repaint(offset: 0)
        case .rulesChanged:
            repaint(offset: 0)
        case .notice(let text), .note(let text):
            redraw(permanent: painter.notice(text, renderer: renderer, width: width))
        case .handlerTraced(let trace):
            redraw(permanent: painter.trace(trace, width: width))
        }
    }

    /// "Message Alisha… " (or "Message as Alisha… " when speaking as the other side, who
    /// has a name where the user has none), in the theme's prompt role; readline is
    /// told which bytes are invisible so it measures the prompt right.
    func updatePrompt() {
        let name = DisplayWidth.truncated(Sanitizer.sanitize(session.participant.name), toWidth: 24, model: painter.widthModel)
        let text = session.side == .me ? "Message \(name)… " : "Message as \(name)… "
        promptWidth = DisplayWidth.of(text, model: painter.widthModel)
        let style = painter.escapes[.prompt]
        let prompt = style.isEmpty ? text : "\u{1}" + style + "\u{2}" + text + "\u{1}" + SGR.reset + "\u{2}"
        editor.setPrompt(prompt)
    }

    func show(_ lines: [String]) {
        redraw(permanent: lines)
    }

    func showOlderPage() {
        let page = max(size.rows - 3, 1)
        let visible = scrolledRoom
        var total = windowLines().count
        while total < scrollOffset + visible + page && !session.reachedBeginning {
            do {
                try session.loadOlderPage()
            } catch {
                show([painter.error(error.description)])
                return
            }
            total = windowLines().count
        }
        scrollOffset = min(scrollOffset + page, max(total - visible, 0))
        repaint(offset: scrollOffset)
    }

    /// Rows of transcript shown while scrolled back: all but the prompt and the hint line.
    private var scrolledRoom: Int { max(size.rows - 2, 1) }

    /// PageDown: back towards the newest messages.
    func showNewerPage() {
        guard scrollOffset > 0 else { return }
        scrollOffset = max(scrollOffset - max(size.rows - 3, 1), 0)
        repaint(offset: scrollOffset)
    }

    func clearScreen() {
        lastBubble = nil
        let text = liveRegion.repaint([], live: liveLines())
        editor.printAbove { output.write(text) }
    }

    func showConversation() {
        repaint(offset: 0)
    }

    // MARK: Live region

    /// The terminal changed size: repaint at the new width.
    func resize(to newSize: TerminalSize) {
        size = newSize
        repaint(offset: min(scrollOffset, max(windowLines().count - scrolledRoom, 0)))
    }

    /// The next frame of the typing indicator's dots.
    func animateTyping() {
        typingFrame += 1
        redraw(permanent: [])
    }

    /// Clears the live region before the REPL exits, so the shell prompt starts clean.
    func finish() {
        let text = liveRegion.clear()
        editor.printAbove { output.write(text) }
    }

    private func liveLines() -> [String] {
        if scrollOffset > 0 {
            return [renderer.systemLine("↓ newer messages below: PageDown", width: width).first ?? ""]
        }
        let renderer = self.renderer
        var lines = painter.statusLines(newest: session.messages.last, renderer: renderer, width: width)
        if session.typingUntil != nil {
            lines.append(renderer.typingIndicator(frame: typingFrame, width: width))
        }
        return lines
    }

    // MARK: Drawing

    /// Prints `permanent` lines into the scrollback (optionally redrawing the row just
    /// above them first) and draws the live region again below them.
    private func redraw(permanent: [String], rewritingRowAbove rewrite: String? = nil) {
        if !permanent.isEmpty { lastBubble = nil }
        let text = liveRegion.redraw(permanent: permanent, rewritingRowAbove: rewrite, live: liveLines())
        editor.printAbove { output.write(text) }
    }

    private func append(_ message: Message, animated: Bool) {
        let renderer = self.renderer
        let step = stream.append(message, rules: session.conversation.rules)
        let rewrite = lastBubble.flatMap {
            painter.redrawnTail(of: $0.message, printedBottom: $0.bottom, step: step, renderer: renderer, width: width)
        }
        var separator = painter.separator(for: step, message: message, renderer: renderer, width: width)
        // The first message of a conversation goes below the beginning marker, a line apart,
        // as in a full repaint.
        if step.isFirst && session.reachedBeginning { separator.insert("", at: 0) }
        let bubble = renderer.renderMessage(message, position: step.position, width: width)
        if animated {
            animate(bubble, after: separator, rewritingRowAbove: rewrite)
        } else {
            redraw(permanent: separator + bubble, rewritingRowAbove: rewrite)
        }
        lastBubble = (message, bubble.last ?? "")
    }

    /// Sends the bubble from the input line up into its place, then prints it for good.
    private func animate(_ bubble: [String], after separator: [String], rewritingRowAbove rewrite: String?) {
        let live = liveLines()
        editor.printAbove {
            liveRegion.animate(
                bubble, after: separator, rewritingRowAbove: rewrite, live: live,
                startColumn: promptWidth, screenRows: size.rows, write: output.write)
        }
    }

    /// The loaded transcript at the current width.
    private func windowLines() -> [String] {
        painter.window(
            session.messages, rules: session.conversation.rules, reachedBeginning: session.reachedBeginning,
            renderer: renderer, width: width)
    }

    /// Clears the screen and draws the window of the transcript that ends `offset` rows
    /// above its newest line, with the live region under it. Without `clearing`, it prints
    /// below whatever is on the screen (at start-up, so the shell's lines stay).
    func repaint(offset: Int, clearing: Bool = true) {
        scrollOffset = offset
        stream.reset(after: session.messages, rules: session.conversation.rules)
        if offset == 0, let last = session.messages.last {
            let bottom = renderer.renderMessage(last, position: stream.lastPosition, width: width).last ?? ""
            lastBubble = (last, bottom)
        } else {
            lastBubble = nil
        }
        let lines = windowLines()
        let live = liveLines()
        let room = max(size.rows - 1 - live.count, 1)
        let end = max(lines.count - offset, 0)
        let window = Array(lines[max(end - room, 0)..<end])
        let text = clearing ? liveRegion.repaint(window, live: live) : liveRegion.redraw(permanent: window, live: live)
        editor.printAbove { output.write(text) }
    }
}
