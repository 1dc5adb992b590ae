import BanterChat
import BanterCore
import BanterTheme
import CReadline
import Foundation

/// The REPL in a terminal: one poll loop over the keyboard and a signal pipe, with a
/// timeout from the session's next scheduled work (delayed replies, typing running out)
/// and the typing indicator's animation.
final class InteractiveRepl {
    private let session: ChatSession
    private let options: ReplOptions
    private let painter: TranscriptPainter
    private let editor: LineEditor
    private let display: TerminalDisplay
    private let controller: ReplController
    /// Reloads the bot when its files change; nil with `--no-watch` or speaking as them.
    private let liveReload: LiveReload?
    /// The emoji width model in use and why (measured, `--width-model`, or the default).
    let widthChoice: WidthModelChoice
    /// What filled bubbles are built from here, and the terminal that decided it.
    let fillChoice: (shapes: FillShapes, terminal: TerminalIdentity)

    /// How often the typing indicator's dots move, and other processes' writes are checked.
    static let typingFrameInterval: Duration = .milliseconds(400)
    static let externalCheckInterval: Duration = .milliseconds(250)

    init(session: ChatSession, options: ReplOptions) {
        self.session = session
        self.options = options
        let colorMode = Repl.colorMode(environment: options.environment)
        widthChoice = WidthModelChoice.resolve(
            given: options.widthModel.map { (model: $0, origin: options.widthModelOrigin) },
            environment: options.environment,
            outputIsTerminal: true)
        var theme = Theme(palette: options.palette, borderStyle: options.borderStyle, colorMode: colorMode)
        // Only filled bubbles depend on the terminal's block glyphs: ask it only then.
        fillChoice =
            theme.borderStyle == .filled
            ? FillShapes.choose(environment: options.environment, outputIsTerminal: true)
            : (.halfBlocks, TerminalIdentity(name: nil, source: "not asked: no filled bubbles"))
        theme.fillShapes = fillChoice.shapes
        var painter = TranscriptPainter(
            theme: theme,
            widthModel: widthChoice.model, timeZone: options.timeZone, perspective: session.side)
        painter.speaker = session.writer.participant
        painter.imageFormat = InlineImageProtocol.detect(
            options.images, environment: options.environment, isTerminal: true)
        if InlineImageProtocol.shouldProbe(options.images, environment: options.environment),
            TerminalGraphicsProbe.drawsKittyGraphics()
        {
            painter.imageFormat = .kitty
        }
        self.painter = painter
        editor = LineEditor(prompt: "", historyPath: options.historyPath)
        display = TerminalDisplay(
            session: session, editor: editor, painter: painter,
            size: TerminalSize.of() ?? TerminalSize(columns: 80, rows: 24),
            fixedWidth: options.width, animates: options.animates)
        controller = ReplController(
            session: session, painter: painter, environment: options.environment, display: display)
        liveReload = options.watchesBot && session.side == .me ? LiveReload(session: session) : nil
        editor.completer = { text in
            let titles = (try? session.conversationSummaries().map(\.conversation.title)) ?? []
            return ReplCompletion.candidates(textBeforeCursor: text, titles: titles, side: session.side)
        }
        editor.choiceCount = { session.newestWithChoices?.choices.count ?? 0 }
    }

    /// Runs until `/quit`, Ctrl-D on an empty line, or SIGTERM/SIGHUP; returns the exit status.
    func run() -> Int32 {
        _ = banter_use_utf8_locale()
        let signals = SignalPipe(signals: [SIGWINCH, SIGINT, SIGTERM, SIGHUP])
        controller.listen()
        liveReload?.report = { [unowned self] text, isError in
            if isError { controller.showError(text) } else { controller.info(text) }
        }
        display.updatePrompt()
        display.repaint(offset: 0, clearing: false)
        if options.verbose {
            let lines = [
                widthChoice.summary, "bubble style: \(painter.theme.borderStyle.rawValue)",
                "fills: \(fillChoice.shapes.rawValue) (terminal: \(fillChoice.terminal.summary))",
                "theme: \(options.themeOrigin)", "inline images: \(painter.imageFormat.rawValue)",
            ]
            display.show(lines.flatMap { painter.info($0, width: display.noticeWidth) })
        }
        if let notice = session.silencedBotNotice { display.handle(.notice(notice), origin: .session) }
        editor.install()
        editor.feed(TerminalTypeahead.standardInput.take())

        var nextTypingFrame = session.clock.now + Self.typingFrameInterval
        var nextExternalCheck = session.clock.now + Self.externalCheckInterval
        var running = true
        // The prompt says when typed lines go to the step debugger (a bot is paused).
        var showsDebugPrompt = false
        while running {
            let now = session.clock.now
            var deadlines = [nextExternalCheck]
            if let wake = session.nextWakeTime { deadlines.append(wake) }
            if session.typingUntil != nil { deadlines.append(nextTypingFrame) }
            if let liveReload { deadlines.append(now + liveReload.timeout) }
            let timeout = max(0, min(deadlines.min()!.millisecondsSince1970 - now.millisecondsSince1970, 1000))

            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: liveReload?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 3, editor.hasTypeahead ? 0 : Int32(timeout))
            if ready < 0 && errno != EINTR { break }

            for signal in signals.drain() {
                switch signal {
                case SIGWINCH:
                    editor.resize()
                    display.resize(to: TerminalSize.of() ?? display.size)
                case SIGINT:
                    editor.cancelLine()
                default:
                    running = false
                }
            }
            if keysWaiting(terminalReady: descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0) {
                readAvailableKeys()
            }
            if editor.reachedEnd { running = false }
            for key in editor.takeKeys() {
                switch key {
                case .pageUp: display.showOlderPage()
                case .pageDown: display.showNewerPage()
                case .pick(let number): pick(number)
                case .cycleChoices: display.highlightNextChoice()
                case .click(let column, let row):
                    if let number = display.chip(atColumn: column, row: row) { pick(number) }
                case .sibling(let forward): _ = SiblingCommand(forward: forward).run(in: controller)
                }
            }
            for line in editor.takeAcceptedLines() where running {
                if line.allSatisfy(\.isWhitespace), let number = display.highlightedChoice {
                    pick(number)
                    continue
                }
                running = controller.handle(line) == .keepGoing
            }

            if (session.pause != nil) != showsDebugPrompt {
                showsDebugPrompt.toggle()
                display.updatePrompt()
            }
            liveReload?.check()
            let after = session.clock.now
            if let wake = session.nextWakeTime, wake <= after { session.runDue() }
            if session.typingUntil != nil, nextTypingFrame <= after {
                nextTypingFrame = after + Self.typingFrameInterval
                display.animateTyping()
            } else if session.typingUntil == nil {
                nextTypingFrame = after + Self.typingFrameInterval
            }
            if nextExternalCheck <= after {
                nextExternalCheck = after + Self.externalCheckInterval
                do {
                    try session.pollExternalChanges()
                } catch {
                    controller.showError(error.description)
                }
            }
        }
        display.finish()
        editor.close()
        controller.stopListening()
        return 0
    }

    /// Picks choice `number` of the newest message offering any, as `/tap N` does.
    private func pick(_ number: Int) {
        display.highlightedChoice = nil
        controller.perform { () throws(ChatError) in try session.pick(.number(number)) }
    }

    /// Reads every key already typed (a paste arrives as many), one character at a time:
    /// first those typed while the terminal was asked its widths, then the terminal's.
    private func readAvailableKeys() {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        var count = 0
        repeat {
            editor.readCharacter()
            count += 1
            descriptor.revents = 0
        } while !editor.reachedEnd && count < 65_536
            && keysWaiting(terminalReady: poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0)
            && !editor.hasPendingInput
    }

    /// Whether readline has keys to read: typed ahead, or ready on the terminal. While the
    /// answer to a probe that timed out may still arrive, the terminal's input is read here
    /// first and handed to readline without it.
    private func keysWaiting(terminalReady: Bool) -> Bool {
        if editor.hasTypeahead { return true }
        guard terminalReady else { return false }
        let typeahead = TerminalTypeahead.standardInput
        guard typeahead.expectsLateAnswers, let keys = typeahead.readKeys(from: STDIN_FILENO) else { return true }
        editor.feed(keys)
        return editor.hasTypeahead
    }
}
