import BanterCore
import Foundation

/// A replay in a terminal: each message is printed as it arrives (the user's rising from
/// the input line as in the REPL), the previous bubble's tail is redrawn when the cluster
/// grows, and a live region at the bottom shows the typing indicator.
final class LiveReplayDisplay {
    private let style: TranscriptStyle
    private let painter: TranscriptPainter
    private let output = TerminalOutput()
    private let animates: Bool
    private var stream = TranscriptStream()
    private var lastBubble: (message: Message, bottom: String)?
    /// The messages printed, so an edit, deletion or reaction is printed again.
    private var drawn = DrawnMessages()
    private var liveRegion = LiveRegion(newline: "\n")
    private var typingFrame = 0
    var isTyping = false

    init(style: TranscriptStyle, animates: Bool) {
        self.style = style
        painter = style.painter
        self.animates = animates
    }

    private var width: Int { style.width }

    func add(_ message: Message, rules: GroupingRules, renderer: TranscriptRenderer) {
        let step = stream.append(message, rules: rules)
        let rewrite = lastBubble.flatMap {
            painter.redrawnTail(of: $0.message, printedBottom: $0.bottom, step: step, renderer: renderer, width: width)
        }
        let separator = painter.separator(for: step, message: message, renderer: renderer, width: width)
        let bubble = renderer.renderMessage(message, position: step.position, width: width)
        if animates && message.sender == .me {
            animate(bubble, after: separator, rewriting: rewrite, renderer: renderer)
        } else {
            redraw(permanent: separator + bubble, rewriting: rewrite, renderer: renderer)
        }
        lastBubble = (message, bubble.last ?? "")
        drawn.record(message)
    }

    /// An edit, deletion or reaction, printed again under a line saying what changed (a
    /// replay's scrollback is not repainted).
    func update(_ message: Message, renderer: TranscriptRenderer) {
        guard let change = drawn.change(to: message) else { return }
        lastBubble = nil
        redraw(permanent: StreamedTranscript.reprint(message, change: change, renderer: renderer, width: width), renderer: renderer)
    }

    func notice(_ text: String, renderer: TranscriptRenderer) {
        lastBubble = nil
        redraw(permanent: painter.notice(text, renderer: renderer, width: width), renderer: renderer)
    }

    /// Redraws the live region (the typing dots move on with each call).
    func tick(renderer: TranscriptRenderer) {
        typingFrame += 1
        redraw(permanent: [], renderer: renderer)
    }

    /// Clears the live region and shows the cursor again.
    func finish() {
        output.write(liveRegion.clear() + ANSI.showCursor)
    }

    private func liveLines(renderer: TranscriptRenderer) -> [String] {
        isTyping ? [renderer.typingIndicator(frame: typingFrame, width: width)] : []
    }

    private func redraw(permanent: [String], rewriting rewrite: String? = nil, renderer: TranscriptRenderer) {
        output.write(liveRegion.redraw(permanent: permanent, rewritingRowAbove: rewrite, live: liveLines(renderer: renderer)))
    }

    private func animate(_ bubble: [String], after separator: [String], rewriting rewrite: String?, renderer: TranscriptRenderer) {
        liveRegion.animate(
            bubble, after: separator, rewritingRowAbove: rewrite, live: liveLines(renderer: renderer),
            startColumn: 2, screenRows: TerminalSize.of()?.rows ?? 24, write: output.write)
    }
}
