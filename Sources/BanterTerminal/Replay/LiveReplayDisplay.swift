import BanterChat
import BanterCore
import Foundation

/// A replay in a terminal, the feed's other terminal output: each message is printed as it
/// arrives (the user's rising from the input line as in the REPL), the previous bubble's
/// tail is rewritten when the cluster grows, and a live region at the bottom shows the
/// typing indicator.
final class LiveReplayDisplay {
    private var feed: TranscriptFeed
    private let output = TerminalOutput()
    private var liveRegion = LiveRegion(newline: "\n")
    private var typingFrame = 0
    /// Whether the other side is typing, as the events said last.
    private(set) var isTyping = false

    init(style: TranscriptStyle, animates: Bool, rules: GroupingRules) {
        feed = TranscriptFeed(
            painter: style.painter, width: style.width, options: .init(animation: animates ? .everySent : .never),
            rules: rules)
    }

    /// Draws what `event` changes. An edit, deletion or reaction is printed again under a
    /// line saying what changed (a replay's scrollback is not repainted).
    func take(_ event: ChatEvent, in context: TranscriptFeed.Context) {
        switch feed.take(event, origin: nil, in: context) {
        case .append(let append):
            isTyping = false
            // The previous bubble is drawn again in place while it is still on the screen;
            // one taller than that keeps what it was printed with.
            let screenRows = TerminalSize.of()?.rows ?? 24
            let rewrite = append.replacing?.rewrite.flatMap { liveRegion.fits($0, screenRows: screenRows) ? $0 : nil }
            if append.animates {
                liveRegion.animate(
                    append.bubble, after: append.separator, rewriting: rewrite, live: liveLines(in: context),
                    startColumn: 2, screenRows: screenRows, write: output.write)
            } else {
                redraw(permanent: append.lines, rewriting: rewrite, in: context)
            }
        case .changed(let changed):
            feed.settle()
            redraw(permanent: changed.reprint, in: context)
        case .aside(let lines):
            redraw(permanent: lines, in: context)
        case .live(.typingStarted):
            isTyping = true
            tick(in: context)
        case .live(.typingStopped):
            isTyping = false
            tick(in: context)
        case .live, .restart, .nothing:
            break
        }
    }

    /// Redraws the live region (the typing dots move on with each call).
    func tick(in context: TranscriptFeed.Context) {
        typingFrame += 1
        redraw(permanent: [], in: context)
    }

    /// Clears the live region and shows the cursor again.
    func finish() {
        output.write(liveRegion.clear() + ANSI.showCursor)
    }

    private func liveLines(in context: TranscriptFeed.Context) -> [String] {
        feed.liveLines(newest: nil, typingFrame: isTyping ? typingFrame : nil, in: context)
    }

    private func redraw(
        permanent: [String], rewriting rewrite: LiveRegion.Rewrite? = nil, in context: TranscriptFeed.Context
    ) {
        output.write(liveRegion.redraw(permanent: permanent, rewriting: rewrite, live: liveLines(in: context)))
    }
}
