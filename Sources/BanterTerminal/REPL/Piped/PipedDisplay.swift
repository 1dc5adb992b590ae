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
    private let painter: TranscriptPainter
    private let output: TerminalOutput
    private var transcript: StreamedTranscript
    /// Set once the controller exists; the display reads the session through it.
    weak var controller: ReplController?

    init(width: Int, painter: TranscriptPainter, output: TerminalOutput = TerminalOutput()) {
        self.width = width
        self.painter = painter
        self.output = output
        transcript = StreamedTranscript(painter: painter, width: width)
    }

    func handle(_ event: ChatEvent) {
        guard let controller else { return }
        switch event {
        case .messageAdded(let message):
            stream(message, controller: controller)
        case .notice(let text), .note(let text):
            show(painter.notice(text, renderer: controller.renderer, width: width))
        case .conversationOpened:
            showConversation()
        case .messageUpdated, .typingStarted, .typingStopped, .rulesChanged, .botLoaded:
            break
        }
    }

    func show(_ lines: [String]) {
        flush()
        output.write(lines: lines)
    }

    func showOlderPage() {
        guard let controller else { return }
        let session = controller.session
        let before = session.messages.count
        let added: Int
        do {
            added = try session.loadOlderPage()
        } catch {
            show([painter.error(error.description)])
            return
        }
        let renderer = controller.renderer
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
        guard let controller else { return }
        flush()
        transcript = StreamedTranscript(painter: painter, width: width)
        for message in controller.session.messages { stream(message, controller: controller) }
    }

    /// Prints the held bubble as it stands (its cluster may still grow, but other output
    /// or a wait for input comes first).
    func flush() {
        guard let controller else { return }
        output.write(lines: transcript.flush(renderer: controller.renderer))
    }

    private func stream(_ message: Message, controller: ReplController) {
        output.write(lines: transcript.add(message, rules: controller.session.conversation.rules, renderer: controller.renderer))
    }
}
