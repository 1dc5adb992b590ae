import BanterChat
import BanterCore
import BanterTheme
import Foundation

/// How the transcript looks (theme, width model, zone, perspective, ids, pictures), and the
/// lines drawn outside it: handler traces and the one-line outputs of commands. Pure. The
/// transcript itself is drawn by `TranscriptFeed`, which holds a painter as its style.
struct TranscriptPainter {
    var theme: Theme
    var widthModel: WidthModel
    var timeZone: TimeZone
    /// The side the person speaks for: its messages are drawn as sent (`--as them` mirrors).
    var perspective: Side = .me
    /// In a group, the person the session speaks as (`--as Bob`), drawn as sent.
    var speaker: String?
    /// Whether bubbles show their message's id (`/ids on`).
    var showsMessageIDs = false
    /// How the terminal draws pictures inline (`--images`); `.none` draws placeholders.
    var imageFormat = InlineImageProtocol.none

    /// A renderer for the open conversation, with "now" for its headers.
    func renderer(now: Timestamp, participant: Participant, rules: GroupingRules) -> TranscriptRenderer {
        var renderer = TranscriptRenderer(
            theme: theme, widthModel: widthModel,
            headerFormatter: HeaderFormatter(pattern: rules.headerPattern, timeZone: timeZone),
            now: now, participant: participant, perspective: perspective)
        renderer.speaker = speaker
        renderer.showsMessageIDs = showsMessageIDs
        return renderer
    }

    /// A renderer for the session's open conversation at its clock's current time.
    func renderer(for session: ChatSession) -> TranscriptRenderer {
        renderer(now: session.clock.now, participant: session.participant, rules: session.conversation.rules)
    }

    /// Whether the person at the prompt wrote `sender`'s messages (drawn as sent).
    func wrote(_ sender: Sender) -> Bool {
        TranscriptRenderer.wrote(sender, perspective: perspective, speaker: speaker)
    }

    /// The width a handler trace's own lines are wrapped to, for lines drawn by `trace`
    /// at `width`.
    func traceWidth(for width: Int) -> Int {
        max(width - 1, 10) - 2
    }

    /// A handler trace (`/trace on`), its lines wrapped to `traceWidth(for: width)`, as
    /// sanitised lines in the trace role that fit `width`, the first marked "↳" under the
    /// message it is about.
    func trace(_ lines: [String], width: Int) -> [String] {
        let room = max(width - 1, 10)
        return lines.enumerated().map { index, line in
            let text = DisplayWidth.truncated(
                Sanitizer.sanitize((index == 0 ? "↳ " : "") + line), toWidth: room, model: widthModel)
            return escapes.paint(text, as: .trace)
        }
    }

    /// An error line for a command: sanitised, so typed or stored text cannot reach the
    /// terminal raw. On one line, for a caller that fits it to the width itself.
    func error(_ text: String) -> String {
        escapes.paint("error: " + Sanitizer.sanitize(text), as: .error)
    }

    /// A line of command output (help, lists, rules), sanitised. On one line, for rows a
    /// caller fits to the width itself (a list cut to the width, a source listing).
    func info(_ text: String) -> String {
        escapes.paint(Sanitizer.sanitize(text), as: .info)
    }

    /// A command's error for a chat `width` columns wide: sanitised, then wrapped at word
    /// boundaries (see `notice`); nil keeps it on one line.
    func error(_ text: String, width: Int?) -> [String] {
        notice("error: " + Sanitizer.sanitize(text), role: .error, width: width)
    }

    /// What a command did ("answering again on branch 2 …") for a chat `width` columns
    /// wide: sanitised, then wrapped at word boundaries (see `notice`); nil keeps it on one
    /// line.
    func info(_ text: String, width: Int?) -> [String] {
        notice(Sanitizer.sanitize(text), role: .info, width: width)
    }

    /// Sanitised `text` wrapped at word boundaries by display width (graphemes and emoji as
    /// the width model counts them) off the last column, as bubbles are, each line painted
    /// in `role`: a terminal left to wrap a long line would break it mid-word. Without a
    /// width (output that is not a terminal: `ReplDisplay.noticeWidth`), one line.
    private func notice(_ text: String, role: Palette.TextRole, width: Int?) -> [String] {
        guard let width else { return [escapes.paint(text, as: role)] }
        return WordWrapper(model: widthModel).wrap(text, width: max(width - 1, 10)).map {
            escapes.paint(String($0.text), as: role)
        }
    }

    /// The theme's escapes, for the few lines drawn outside a renderer.
    var escapes: ThemeEscapes { ThemeEscapes(theme: theme) }
}
