import BanterChat
import BanterCore
import BanterStore
import Foundation

/// Runs what the user types against the session: messages are sent, commands carried out,
/// and every result or error goes to the display as lines. Shared by the terminal and the
/// piped REPL, so both behave the same.
final class ReplController {
    let session: ChatSession
    let painter: TranscriptPainter
    let environment: [String: String]
    unowned let display: any ReplDisplay

    init(session: ChatSession, painter: TranscriptPainter, environment: [String: String], display: any ReplDisplay) {
        self.session = session
        self.painter = painter
        self.environment = environment
        self.display = display
    }

    /// A renderer for the open conversation at the clock's current time.
    var renderer: TranscriptRenderer {
        painter.renderer(now: session.clock.now, participant: session.participant, rules: session.conversation.rules)
    }

    /// Handles one line as typed.
    ///
    /// - Returns: false when the user asked to quit.
    func handle(_ line: String) -> Bool {
        let input: ReplInput
        do {
            input = try ReplCommand.parse(line, side: session.side)
        } catch {
            display.show([painter.error(error.description)])
            return true
        }
        switch input {
        case .nothing:
            return true
        case .message(let text):
            perform { () throws(ChatError) in try session.send(text) }
            return true
        case .command(.quit):
            return false
        case .command(let command):
            run(command)
            return true
        }
    }

    private func run(_ command: ReplCommand) {
        switch command {
        case .help(let topic):
            help(topic)
        case .bot(let path):
            perform { () throws(ChatError) in
                try session.loadBot(path: expandingHome(path))
                info("loaded \(session.participant.name) from \(session.conversation.botScriptPath ?? path)")
            }
        case .reload:
            perform { () throws(ChatError) in
                try session.reloadBot()
                info("reloaded \(session.participant.name)")
            }
        case .chats:
            perform { () throws(ChatError) in try listConversations() }
        case .open(let title):
            perform { () throws(ChatError) in try session.open(title: title, mode: .openExisting) }
        case .new(let title):
            // Speaking as the other side, no bot runs, so none is handed on.
            let bot = session.side == .me ? session.conversation.botScriptPath : nil
            perform { () throws(ChatError) in try session.open(title: title, botScriptPath: bot, mode: .createNew) }
        case .more:
            display.showOlderPage()
        case .grouping(let change):
            if !change.isEmpty {
                perform { () throws(ChatError) in try session.apply(change) }
            }
            info("grouping: " + GroupingChange.describe(session.conversation.rules))
        case .asOtherSide(let text):
            perform { () throws(ChatError) in try session.receive(text) }
        case .wait(let duration):
            if !session.wait(duration) {
                display.show([painter.error("the bot kept scheduling work; the clock moved on without running all of it")])
            }
        case .search(let text):
            perform { () throws(ChatError) in try search(text) }
        case .clear:
            display.clearScreen()
        case .quit:
            break
        }
    }

    private func help(_ topic: String?) {
        guard let topic else {
            display.show(ReplCommandSpec.helpLines().map(painter.info))
            return
        }
        guard let spec = ReplCommandSpec.named(topic) else {
            display.show([painter.error("unknown command /\(topic) (usage: /help lists the commands)")])
            return
        }
        display.show([painter.info(spec.usage), painter.info("  " + spec.summary)])
    }

    private func listConversations() throws(ChatError) {
        let summaries = try session.conversationSummaries()
        let now = session.clock.now
        let width = display.width
        var lines: [String] = []
        for summary in summaries {
            let marker = summary.conversation.id == session.conversation.id ? "*" : " "
            var line = "\(marker) \(summary.conversation.title)"
            if let last = summary.lastMessage {
                let preview = last.text.split(whereSeparator: \.isNewline).joined(separator: " ")
                line += "  \(RelativeTime.describe(last.sentAt, now: now))"
                // Unread counts are the user's: the other side's session does not keep them.
                if summary.unreadCount > 0 && session.side == .me { line += "  (\(summary.unreadCount) unread)" }
                line += "  " + (session.side.wrote(last.sender) ? "You: " : "") + preview
            } else {
                line += "  (no messages)"
            }
            lines.append(DisplayWidth.truncated(painter.info(line), toWidth: width - 1, model: painter.widthModel))
        }
        display.show(lines.isEmpty ? [painter.info("no conversations yet")] : lines)
    }

    private func search(_ text: String) throws(ChatError) {
        let hits = try session.search(text)
        guard !hits.isEmpty else {
            info("no messages contain \"\(text)\"")
            return
        }
        let renderer = renderer
        let count = hits.count == 1 ? "1 message" : "\(hits.count) messages"
        var lines = [painter.info("\(count) with \"\(text)\", newest first:")]
        for hit in hits {
            lines.append(renderer.searchHit(hit.message, highlighting: hit.matches, width: display.width))
        }
        display.show(lines)
    }

    private func info(_ text: String) {
        display.show([painter.info(text)])
    }

    /// Runs `body`, showing a failure as an error line.
    private func perform<Result>(_ body: () throws(ChatError) -> Result) {
        do {
            _ = try body()
        } catch {
            display.show([painter.error(error.description)])
        }
    }

    private func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
