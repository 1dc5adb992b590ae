import BanterChat
import BanterCore
import BanterScript
import BanterTheme
import Foundation

/// Everything the REPL draws, as lines: the transcript window, the pieces of a streamed
/// message, the live region (status, typing) and the one-line outputs of commands. Pure:
/// the two displays (terminal and piped) decide where the lines go.
struct TranscriptPainter {
    var theme: Theme
    var widthModel: WidthModel
    var timeZone: TimeZone
    /// The side the person speaks for: its messages are drawn as sent (`--as them` mirrors).
    var perspective: Side = .me
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
        renderer.showsMessageIDs = showsMessageIDs
        return renderer
    }

    /// A renderer for the session's open conversation at its clock's current time.
    func renderer(for session: ChatSession) -> TranscriptRenderer {
        renderer(now: session.clock.now, participant: session.participant, rules: session.conversation.rules)
    }

    /// The whole loaded transcript: the beginning marker when the window starts at the first
    /// message, then every section and cluster. Delivery status is not part of it: it lives
    /// in the live region under the newest message.
    func window(
        _ messages: [Message], rules: GroupingRules, reachedBeginning: Bool,
        renderer: TranscriptRenderer, width: Int
    ) -> [String] {
        var lines: [String] = []
        if reachedBeginning {
            lines.append(renderer.beginningOfConversation(width: width))
            if !messages.isEmpty { lines.append("") }
        }
        renderer.render(Layout.items(for: messages, rules: rules), width: width, showsStatus: false, into: &lines)
        return lines
    }

    /// The lines that go above a streamed message: a blank line between clusters, or a blank
    /// line and the section header (just the header for the first message).
    func separator(for step: TranscriptStream.Step, message: Message, renderer: TranscriptRenderer, width: Int) -> [String] {
        if step.startsSection {
            let header = renderer.render([.sectionHeader(message.sentAt)], width: width, showsStatus: false)
            return (step.isFirst ? [] : [""]) + header
        }
        return step.continuesCluster ? [] : [""]
    }

    /// The previous bubble's bottom row drawn again, when `step` continues its cluster and
    /// so moves its tail; nil when the row already printed (`printedBottom`) stays right.
    func redrawnTail(
        of previous: Message, printedBottom: String, step: TranscriptStream.Step, renderer: TranscriptRenderer, width: Int
    ) -> String? {
        guard step.continuesCluster, let final = step.previousPosition else { return nil }
        let bottom = renderer.renderMessage(previous, position: final, width: width).last ?? ""
        return bottom == printedBottom ? nil : bottom
    }

    /// The live region's status line: shown while the newest message is from the side the
    /// person speaks for.
    func statusLines(newest: Message?, renderer: TranscriptRenderer, width: Int) -> [String] {
        guard let newest, perspective.wrote(newest.sender) else { return [] }
        return [renderer.statusLine(newest.status, width: width)]
    }

    /// A notice (script error, store trouble) as centred, sanitised lines in the notice role.
    func notice(_ text: String, renderer: TranscriptRenderer, width: Int) -> [String] {
        renderer.systemLine(text, role: .notice, width: width)
    }

    /// A handler trace (`/trace on`) as sanitised lines in the trace role that fit `width`,
    /// the first marked "↳" under the message it is about.
    func trace(_ trace: HandlerTrace, width: Int) -> [String] {
        let room = max(width - 1, 10)
        return trace.lines(width: room - 2).enumerated().map { index, line in
            let text = DisplayWidth.truncated(
                Sanitizer.sanitize((index == 0 ? "↳ " : "") + line), toWidth: room, model: widthModel)
            return escapes.paint(text, as: .trace)
        }
    }

    /// An error line for a command: sanitised, so typed or stored text cannot reach the
    /// terminal raw.
    func error(_ text: String) -> String {
        escapes.paint("error: " + Sanitizer.sanitize(text), as: .error)
    }

    /// A line of command output (help, lists, rules), sanitised.
    func info(_ text: String) -> String {
        escapes.paint(Sanitizer.sanitize(text), as: .info)
    }

    /// The theme's escapes, for the few lines drawn outside a renderer.
    var escapes: ThemeEscapes { ThemeEscapes(theme: theme) }
}
