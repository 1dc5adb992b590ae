import BanterChat
import BanterCore
import BanterTheme
import Foundation

/// The transcript in a real terminal, the feed's terminal output. Finished lines go into
/// the scrollback and stay; only the live region between them and the prompt (the delivery
/// status of the newest message, the typing indicator) is redrawn, and the row above it
/// when the newest bubble's tail moves. Re-grouping, paging and resizing clear the screen
/// and repaint one window of the transcript, never the user's scrollback.
final class TerminalDisplay: ReplDisplay {
    private let session: ChatSession
    private let editor: LineEditor
    private var feed: TranscriptFeed
    private let output: TerminalOutput
    private let fixedWidth: Int?

    private(set) var size: TerminalSize
    /// The live region just above the prompt.
    private var liveRegion = LiveRegion(newline: ANSI.newline)
    /// Rows of transcript scrolled back by paging up; 0 follows the conversation live.
    private var scrollOffset = 0
    private var typingFrame = 0
    /// The prompt's width, where typed text starts: the send animation starts there.
    private var promptWidth = 0
    /// Picture attachments read from the store, by message id, for inline images.
    private var pictures: [Int64: [UInt8]] = [:]
    /// The choice Tab highlighted (its number), which Enter on an empty line picks; a new
    /// message clears it.
    var highlightedChoice: Int?
    /// The screen row of the prompt (1 is the top), when known: after the screen was
    /// cleared, or once more rows were printed than the screen holds.
    private var promptRow: Int?
    /// Rows printed since the display started below the shell's lines, while `promptRow`
    /// is not known.
    private var rowsPrinted = 0
    /// Where the newest bubble's chips are, for a click to pick one.
    private var mouse = ChipMouse()
    /// Whether the terminal was asked where its cursor is (`locatePrompt`).
    private var askedForCursor = false

    init(
        session: ChatSession, editor: LineEditor, painter: TranscriptPainter, size: TerminalSize, fixedWidth: Int?,
        animates: Bool,
        output: TerminalOutput = TerminalOutput()
    ) {
        self.session = session
        self.editor = editor
        self.size = size
        self.fixedWidth = fixedWidth
        self.output = output
        feed = TranscriptFeed(
            painter: painter, width: min(fixedWidth ?? size.columns, size.columns),
            options: .init(
                redrawsWindow: true, marksBeginning: true, showsTraces: true, animation: animates ? .sentByUser : .never
            ))
    }

    var width: Int { min(fixedWidth ?? size.columns, size.columns) }

    var noticeWidth: Int? { width }

    private var painter: TranscriptPainter { feed.painter }

    /// The open conversation as the feed draws it, with the pictures of the loaded window
    /// when the terminal draws them (read once per message and kept).
    private var context: TranscriptFeed.Context {
        var context = TranscriptFeed.Context(session: session)
        let format = painter.imageFormat
        guard format != .none else { return context }
        for message in session.messages where pictures[message.id] == nil && !message.isDeleted {
            guard let attachment = message.attachment, attachment.isImage,
                format.draws(mediaType: attachment.mediaType),
                let contents = try? session.attachmentContents(of: message)
            else { continue }
            pictures[message.id] = [UInt8](contents)
        }
        context.inlineImages = InlineImages(format: format, pictures: pictures)
        return context
    }

    // MARK: ReplDisplay

    func handle(_ event: ChatEvent, origin: EventOrigin) {
        if case .messageAdded = event { highlightedChoice = nil }
        switch feed.take(event, origin: origin, in: context) {
        case .append(let new):
            append(new)
        case .restart(.changed), .changed:
            // What is in the scrollback cannot change, so the window is drawn again.
            repaint(offset: scrollOffset)
        case .restart(.opened):
            updatePrompt()
            repaint(offset: 0)
        case .restart:
            repaint(offset: 0)
        case .live(.typingStarted):
            redraw(permanent: [])
        case .live(.typingStopped), .live(.statusMoved):
            typingFrame = 0
            redraw(permanent: [])
        case .live(.participantChanged):
            typingFrame = 0
            updatePrompt()
            redraw(permanent: [])
        case .aside(let lines):
            redraw(permanent: lines)
        case .nothing:
            break
        }
    }

    /// "Message Alisha… " (or "Message as Alisha… " when speaking as the other side, who
    /// has a name where the user has none, and "Message as Bob… " as a group's person), in
    /// the theme's prompt role; readline is told which bytes are invisible so it measures
    /// the prompt right.
    func updatePrompt() {
        let name = DisplayWidth.truncated(
            Sanitizer.sanitize(session.writer.participant ?? session.participant.name), toWidth: 24,
            model: painter.widthModel)
        let text =
            session.pause != nil
            ? "debug (step, next, continue, print EXPR…)> "
            : session.side == .me ? "Message \(name)… " : "Message as \(name)… "
        promptWidth = DisplayWidth.of(text, model: painter.widthModel)
        let style = painter.escapes[.prompt]
        let prompt = style.isEmpty ? text : "\u{1}" + style + "\u{2}" + text + "\u{1}" + SGR.reset + "\u{2}"
        editor.setPrompt(prompt)
    }

    func show(_ lines: [String]) {
        feed.settle()
        redraw(permanent: lines)
    }

    func showOlderPage() {
        let page = max(size.rows - 3, 1)
        let visible = scrolledRoom
        var total = windowLines().count
        while total < scrollOffset + visible + page && !session.reachedBeginning {
            do {
                try session.loadOlderPage()
            } catch {
                show(painter.error(error.description, width: noticeWidth))
                return
            }
            total = windowLines().count
        }
        scrollOffset = min(scrollOffset + page, max(total - visible, 0))
        repaint(offset: scrollOffset)
    }

    /// Rows of transcript shown while scrolled back: all but the prompt and the hint line.
    private var scrolledRoom: Int { max(size.rows - 2, 1) }

    /// PageDown: back towards the newest messages.
    func showNewerPage() {
        guard scrollOffset > 0 else { return }
        scrollOffset = max(scrollOffset - max(size.rows - 3, 1), 0)
        repaint(offset: scrollOffset)
    }

    func clearScreen() {
        feed.settle()
        let live = liveLines()
        let text = liveRegion.repaint([], live: live)
        promptRow = live.count + 1
        editor.printAbove {
            output.write(text)
            output.write(placeChips())
        }
    }

    func showConversation() {
        pictures.removeAll()
        repaint(offset: 0)
    }

    var reachesTerminal: Bool { true }

    func setShowsMessageIDs(_ shows: Bool) {
        feed.painter.showsMessageIDs = shows
        repaint(offset: scrollOffset)
    }

    // MARK: Live region

    /// The terminal changed size: repaint at the new width.
    func resize(to newSize: TerminalSize) {
        size = newSize
        feed.width = width
        repaint(offset: min(scrollOffset, max(windowLines().count - scrolledRoom, 0)))
    }

    /// The next frame of the typing indicator's dots.
    func animateTyping() {
        typingFrame += 1
        redraw(permanent: [])
    }

    /// Clears the live region before the REPL exits, so the shell prompt starts clean.
    func finish() {
        mouse.clear()
        let text = liveRegion.clear() + mouse.update()
        editor.printAbove { output.write(text) }
    }

    /// Asks the terminal where the cursor is (`ESC [ 6 n`) the first time chips are drawn
    /// before the screen filled up (the display started below the shell's lines, so it does
    /// not know which row it prints on): once, and only for a chat that has chips, so other
    /// chats never wait for the answer. The cursor is on the prompt's row then.
    private func locatePrompt() {
        guard promptRow == nil, !askedForCursor else { return }
        askedForCursor = true
        guard
            let answer = TerminalQuery().ask(
                "\u{1B}[6n", timeoutMilliseconds: 200, isComplete: { $0.contains(UInt8(ascii: "R")) }),
            answer.isComplete, let row = Self.cursorRow(answer.bytes)
        else { return }
        promptRow = min(row, size.rows)
    }

    /// The row of a cursor position report, `ESC [ row ; column R`.
    static func cursorRow(_ bytes: [UInt8]) -> Int? {
        guard let start = bytes.firstIndex(of: 0x1B), let end = bytes.lastIndex(of: UInt8(ascii: "R")), start < end
        else { return nil }
        let text = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        guard text.hasPrefix("["), let row = text.dropFirst().split(separator: ";").first.flatMap({ Int($0) }) else {
            return nil
        }
        return row
    }

    /// The number of the chip a click at `column`, `row` hit, if any.
    func chip(atColumn column: Int, row: Int) -> Int? {
        mouse.chip(atColumn: column, row: row)
    }

    private func liveLines() -> [String] {
        if scrollOffset > 0 {
            return [feed.systemLine("↓ newer messages below: PageDown", in: context)]
        }
        var lines = feed.liveLines(
            newest: session.messages.last, typingFrame: session.typingUntil == nil ? nil : typingFrame,
            draft: session.modelDraft, in: context)
        if let number = highlightedChoice,
            let choice = session.newestWithChoices?.choices.first(where: { $0.number == number })
        {
            lines.append(feed.choiceHint(choice, in: context))
        }
        return lines
    }

    /// Tab on an empty line: highlights the next choice of the newest message offering any
    /// (from the first after the last), shown under the transcript until Enter picks it.
    func highlightNextChoice() {
        guard let count = session.newestWithChoices?.choices.count, count > 0 else { return }
        highlightedChoice = (highlightedChoice ?? 0) % count + 1
        redraw(permanent: [])
    }

    // MARK: Drawing

    /// Prints `permanent` lines into the scrollback (optionally redrawing the row just
    /// above them first) and draws the live region again below them.
    private func redraw(permanent: [String], rewriting rewrite: LiveRegion.Rewrite? = nil) {
        let live = liveLines()
        let removed = liveRegion.rows + (rewrite?.rows ?? 0)
        let text = liveRegion.redraw(permanent: permanent, rewriting: rewrite, live: live)
        movePrompt(removed: removed, added: (rewrite?.lines.count ?? 0) + permanent.count + live.count)
        editor.printAbove {
            output.write(text)
            output.write(placeChips())
        }
    }

    /// Follows the prompt's row as rows are taken away (moved up over) and printed.
    private func movePrompt(removed: Int, added: Int) {
        if let row = promptRow {
            promptRow = min(max(row - removed, 1) + added, size.rows)
        } else {
            rowsPrinted += added - removed
            if rowsPrinted + 1 >= size.rows { promptRow = size.rows }
        }
    }

    /// Finds the chips of the newest bubble on the screen (when it is the newest message
    /// offering choices) and returns the escape that turns mouse reports on or off to match.
    private func placeChips() -> String {
        let newest = feed.newestBubble
        let offered = session.newestWithChoices
        let showsChips = scrollOffset == 0 && newest != nil && offered?.message.id == newest?.message.id
        if showsChips { locatePrompt() }
        if showsChips, let row = promptRow, let newest, let offered {
            mouse.place(
                newest.lines, lastRow: row - liveRegion.rows - 1, numbers: Set(offered.choices.map(\.number)),
                model: painter.widthModel)
        } else {
            mouse.clear()
        }
        return mouse.update()
    }

    /// A new message under the transcript: the previous bubble drawn again in place from
    /// its first changed row (a moved tail, quick replies that went) while those rows are
    /// on the screen (else the window is drawn again), and the user's own message, just
    /// typed, flying up from the prompt.
    private func append(_ append: TranscriptDrawing.Append) {
        var rewrite: LiveRegion.Rewrite?
        if let replacing = append.replacing {
            rewrite = replacing.rewrite
            if let rows = rewrite, !liveRegion.fits(rows, screenRows: size.rows) { return repaint(offset: 0) }
        }
        guard scrollOffset == 0 else { return repaint(offset: 0) }
        if append.animates {
            let live = liveLines()
            let removed = liveRegion.rows + (rewrite?.rows ?? 0)
            editor.printAbove {
                liveRegion.animate(
                    append.bubble, after: append.separator, rewriting: rewrite, live: live,
                    startColumn: promptWidth, screenRows: size.rows, write: output.write)
                movePrompt(removed: removed, added: (rewrite?.lines.count ?? 0) + append.lines.count + live.count)
                output.write(placeChips())
            }
        } else {
            redraw(permanent: append.lines, rewriting: rewrite)
        }
    }

    /// The loaded transcript at the current width.
    private func windowLines() -> [String] {
        feed.window(session.messages, in: context)
    }

    /// Clears the screen and draws the window of the transcript that ends `offset` rows
    /// above its newest line, with the live region under it. Without `clearing`, it prints
    /// below whatever is on the screen (at start-up, so the shell's lines stay).
    func repaint(offset: Int, clearing: Bool = true) {
        scrollOffset = offset
        let context = context
        feed.restart(after: session.messages, replaceable: offset == 0, in: context)
        let lines = feed.window(session.messages, in: context)
        let live = liveLines()
        let room = max(size.rows - 1 - live.count, 1)
        let end = max(lines.count - offset, 0)
        let window = Array(lines[max(end - room, 0)..<end])
        let removed = liveRegion.rows
        let text = clearing ? liveRegion.repaint(window, live: live) : liveRegion.redraw(permanent: window, live: live)
        if clearing {
            promptRow = min(window.count + live.count + 1, size.rows)
        } else {
            movePrompt(removed: removed, added: window.count + live.count)
        }
        editor.printAbove {
            output.write(text)
            output.write(placeChips())
        }
    }
}
