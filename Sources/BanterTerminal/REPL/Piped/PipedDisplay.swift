import BanterChat
import BanterCore

/// Plain output for scripts and pipes: each new message is printed as it is added, laid out
/// exactly as a full render of the conversation would lay it out (headers when a section
/// starts, a blank line between clusters), with no colour, no animation and no live region.
///
/// The newest bubble is held back until the next message shows whether it ends its
/// cluster (and so carries the tail), or until other output or waiting for input needs the
/// screen; so a piped transcript matches a render of the same conversation.
final class PipedDisplay: ReplDisplay {
    let width: Int
    private let session: ChatSession
    private let painter: TranscriptPainter
    private let output: TerminalOutput
    private var transcript: StreamedTranscript

    init(session: ChatSession, width: Int, painter: TranscriptPainter, output: TerminalOutput = TerminalOutput()) {
        self.session = session
        self.width = width
        self.painter = painter
        self.output = output
        transcript = StreamedTranscript(painter: painter, width: width)
    }

    private var renderer: TranscriptRenderer { painter.renderer(for: session) }

    func handle(_ event: ChatEvent, origin: EventOrigin) {
        switch event {
        case .messageAdded(let message):
            stream(message)
        case .notice(let text), .note(let text):
            show(painter.notice(text, renderer: renderer, width: width))
        case .conversationOpened:
            showConversation()
        case .handlerTraced(let trace):
            show(painter.trace(trace, width: width))
        case .messageUpdated, .typingStarted, .typingStopped, .rulesChanged, .botLoaded:
            break
        }
    }

    func show(_ lines: [String]) {
        flush()
        output.write(lines: lines)
    }

    func showOlderPage() {
        let before = session.messages.count
        let added: Int
        do {
            added = try session.loadOlderPage()
        } catch {
            show([painter.error(error.description)])
            return
        }
        let renderer = self.renderer
        guard added > 0 else {
            show([renderer.beginningOfConversation(width: width)])
            return
        }
        let older = Array(session.messages.prefix(session.messages.count - before))
        show(painter.window(
            older, rules: session.conversation.rules, reachedBeginning: session.reachedBeginning,
            renderer: renderer, width: width))
    }

    func clearScreen() {
        flush()
    }

    /// Prints the open conversation's loaded messages from the top.
    func showConversation() {
        flush()
        transcript = StreamedTranscript(painter: painter, width: width)
        for message in session.messages { stream(message) }
    }

    /// Prints the held bubble as it stands (its cluster may still grow, but other output
    /// or a wait for input comes first).
    func flush() {
        output.write(lines: transcript.flush(renderer: renderer))
    }

    private func stream(_ message: Message) {
        output.write(lines: transcript.add(message, rules: session.conversation.rules, renderer: renderer))
    }
}
