import BanterChat
import BanterCore

/// Prints a session's conversation as it grows, the way the piped REPL does: the opening
/// messages, then each message and notice as it is published. For `banter run`.
public final class TranscriptPrinter {
    private let style: TranscriptStyle
    private var transcript: StreamedTranscript
    private let output: ([String]) -> Void

    /// Prints to standard output.
    public convenience init(style: TranscriptStyle) {
        let terminal = TerminalOutput()
        self.init(style: style) { lines in terminal.write(lines: lines) }
    }

    /// Hands the lines to `output` instead (a golden transcript collects them).
    public init(style: TranscriptStyle, output: @escaping ([String]) -> Void) {
        self.style = style
        transcript = StreamedTranscript(painter: style.painter, width: style.width)
        self.output = output
    }

    /// Prints what the conversation holds now (when it opened).
    public func start(_ messages: [Message], session: ChatSession) {
        let renderer = renderer(for: session)
        for message in messages {
            output(transcript.add(message, rules: session.conversation.rules, renderer: renderer))
        }
    }

    /// Prints what `event` adds to the transcript.
    public func handle(_ event: ChatEvent, session: ChatSession) {
        let renderer = renderer(for: session)
        switch event {
        case .messageAdded(let message):
            output(transcript.add(message, rules: session.conversation.rules, renderer: renderer))
        case .notice(let text), .note(let text):
            output(transcript.notice(text, renderer: renderer))
        case .messageUpdated, .typingStarted, .typingStopped, .rulesChanged, .botLoaded, .conversationOpened, .handlerTraced:
            break
        }
    }

    /// Prints the last bubble.
    public func finish(session: ChatSession) {
        output(transcript.flush(renderer: renderer(for: session)))
    }

    private func renderer(for session: ChatSession) -> TranscriptRenderer {
        style.painter.renderer(now: session.clock.now, participant: session.participant, rules: session.conversation.rules)
    }
}
