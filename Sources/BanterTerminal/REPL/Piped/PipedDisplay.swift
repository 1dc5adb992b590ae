import BanterChat
import BanterCore

/// Plain output for scripts and pipes: each new message is printed as it is added, laid out
/// exactly as a full render of the conversation would lay it out (headers when a section
/// starts, a blank line between clusters), with no colour, no animation and no live region.
///
/// The newest bubble is held back (`PlainTranscript`) until the next message shows whether
/// it ends its cluster (and so carries the tail), or until other output or waiting for
/// input needs the screen; so a piped transcript matches a render of the same conversation.
final class PipedDisplay: ReplDisplay {
    let width: Int
    let noticeWidth: Int?
    private let session: ChatSession
    private let output: TerminalOutput
    private var transcript: PlainTranscript

    /// `wrapsNotices` when the output is a terminal (input piped into a chat in a terminal).
    init(
        session: ChatSession, width: Int, painter: TranscriptPainter, wrapsNotices: Bool = false,
        output: TerminalOutput = TerminalOutput()
    ) {
        self.session = session
        self.width = width
        noticeWidth = wrapsNotices ? width : nil
        self.output = output
        transcript = PlainTranscript(
            feed: TranscriptFeed(painter: painter, width: width, options: .init(showsTraces: true)))
    }

    private var context: TranscriptFeed.Context { TranscriptFeed.Context(session: session) }

    func handle(_ event: ChatEvent, origin: EventOrigin) {
        let drawing = transcript.feed.take(event, origin: origin, in: context)
        if drawing == .restart(.opened) {
            showConversation()
        } else {
            output.write(lines: transcript.apply(drawing))
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
            show(transcript.feed.painter.error(error.description, width: noticeWidth))
            return
        }
        let context = context
        guard added > 0 else {
            show([transcript.feed.beginningOfConversation(in: context)])
            return
        }
        let older = Array(session.messages.prefix(session.messages.count - before))
        show(transcript.feed.window(older, in: context))
    }

    func clearScreen() {
        flush()
    }

    /// Prints the open conversation's loaded messages from the top.
    func showConversation() {
        flush()
        let context = context
        transcript.feed.restart(after: [], replaceable: false, in: context)
        for message in session.messages {
            output.write(lines: transcript.add(message, in: context))
        }
    }

    /// Prints the held bubble as it stands (its cluster may still grow, but other output
    /// or a wait for input comes first).
    func flush() {
        output.write(lines: transcript.flush())
    }

    var reachesTerminal: Bool { false }

    func setShowsMessageIDs(_ shows: Bool) {
        transcript.feed.painter.showsMessageIDs = shows
    }
}
