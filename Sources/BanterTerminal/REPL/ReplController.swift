import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// Runs what the user types against the session: messages are sent, commands carried out,
/// and every result or error goes to the display as lines. Shared by the terminal and the
/// piped REPL, so both behave the same. It also routes the session's events, which say
/// where they came from (`EventOrigin`), to the recorder and the display.
final class ReplController {
    let session: ChatSession
    let painter: TranscriptPainter
    let environment: [String: String]
    let display: any ReplDisplay
    /// What happened since the REPL opened (or opened another conversation), for `/save`.
    let recorder: SessionRecorder

    init(session: ChatSession, painter: TranscriptPainter, environment: [String: String], display: any ReplDisplay) {
        self.session = session
        self.painter = painter
        self.environment = environment
        self.display = display
        recorder = SessionRecorder(session: session)
    }

    /// A renderer for the open conversation at the clock's current time.
    var renderer: TranscriptRenderer { painter.renderer(for: session) }

    /// Starts delivering the session's events to the recorder and the display.
    func listen() {
        session.onEvent = { [unowned self] event, origin in
            recorder.record(event, in: session)
            display.handle(event, origin: origin)
            if case .botPaused(let pause) = event { DebuggerPrompt(console: self).showPause(pause) }
        }
    }

    /// Stops delivering events (the REPL is closing).
    func stopListening() {
        session.onEvent = nil
    }

    /// Handles one line as typed.
    func handle(_ line: String) -> ReplCommandOutcome {
        let input: ReplInput
        do {
            input = try ReplInput.parse(line, context: ReplParseContext(side: session.side, name: ""))
        } catch {
            showError(error.description)
            return .keepGoing
        }
        switch input {
        case .nothing:
            return .keepGoing
        case .message(let text) where session.pause != nil:
            DebuggerPrompt(console: self).handle(text)
            return .keepGoing
        case .message(let text):
            perform { () throws(ChatError) in try session.send(text) }
            return .keepGoing
        case .command(let command):
            return command.run(in: self)
        }
    }

    // MARK: For commands

    /// Prints lines (already painted and sanitised) above the prompt.
    func show(_ lines: [String]) {
        display.show(lines)
    }

    /// Dim command output, wrapped to the chat's width in a terminal
    /// (`ReplDisplay.noticeWidth`): every command's notice comes here.
    func info(_ text: String) {
        display.show(painter.info(text, width: display.noticeWidth))
    }

    /// An error, wrapped to the chat's width in a terminal.
    func showError(_ text: String) {
        display.show(painter.error(text, width: display.noticeWidth))
    }

    /// Runs `body`, showing a failure as an error line.
    func perform<Result>(_ body: () throws(ChatError) -> Result) {
        do {
            _ = try body()
        } catch {
            showError(error.description)
        }
    }

    /// `path` with a leading `~/` made the home folder.
    func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
