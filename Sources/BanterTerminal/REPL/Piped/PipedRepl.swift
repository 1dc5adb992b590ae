import BanterChat
import BanterCore

/// The REPL when standard input is not a terminal: lines are handled in order as if typed,
/// and after each one the bot's work is settled on the virtual clock, so every reply a
/// line triggers is printed before the next line is read.
final class PipedRepl {
    private let session: ChatSession
    private let display: PipedDisplay
    private let controller: ReplController
    private let input = InputLineReader()
    /// The pending work last reported, so the note is not repeated after every line.
    private var reportedPending: Timestamp?

    init(session: ChatSession, options: ReplOptions) {
        self.session = session
        var painter = TranscriptPainter(
            theme: Theme(palette: options.palette, borderStyle: options.borderStyle, colorMode: .none),
            widthModel: options.widthModel ?? .modern, timeZone: options.timeZone, perspective: session.side)
        painter.speaker = session.writer.participant
        // Input piped in, output maybe still a terminal: its width, as `banter run` takes it.
        let width = TranscriptStyle.width(requested: options.width, environment: options.environment)
        display = PipedDisplay(
            session: session, width: max(width, 10), painter: painter, wrapsNotices: TranscriptStyle.outputIsTerminal)
        controller = ReplController(
            session: session, painter: painter, environment: options.environment, display: display)
    }

    /// Runs until the end of input or `/quit`; returns the exit status.
    func run() -> Int32 {
        controller.listen()
        display.showConversation()
        if let notice = session.silencedBotNotice { display.handle(.notice(notice), origin: .session) }
        settle()
        while true {
            if !input.hasInputReady { display.flush() }
            guard let line = input.nextLine(), controller.handle(line) == .keepGoing else { break }
            settle()
        }
        settle()
        display.flush()
        controller.stopListening()
        return 0
    }

    private func settle() {
        switch session.settle() {
        case .idle:
            break
        case .pendingBeyondHorizon(let time):
            guard time != reportedPending else { return }
            reportedPending = time
            controller.info("(the bot has more scheduled at \(time); /wait lets it run)")
        case .stoppedAfterSteps(let steps):
            controller.showError("the bot kept scheduling work; stopped after \(steps) steps")
        }
    }
}
