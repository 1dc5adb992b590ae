import BanterChat
import BanterCore
import BanterTheme

/// The one place a conversation's events become lines to draw. Pure: events go in, and
/// what comes out (`TranscriptDrawing`) says which lines to add, which already given lines
/// to replace (the previous bubble's tail when the next message joins its cluster, a bubble
/// that was edited), and when everything given so far is out of date. The outputs only
/// decide where lines go: the terminal prints above the prompt and redraws its live region
/// (`TerminalDisplay`, `LiveReplayDisplay`); the plain output appends (`PlainTranscript`,
/// for piped chat, `banter run` and a piped replay); `banter render` prints windows and
/// pages (`StoredTranscript`). So every output lays a transcript out exactly as a full
/// render of the same messages would.
struct TranscriptFeed {
    /// How lines look: theme, width model, zone, perspective, ids, pictures.
    var painter: TranscriptPainter
    /// The width lines are drawn at.
    var width: Int
    /// What the output can do and wants, which changes what the feed gives.
    var options: Options

    /// What an output can do and wants drawn.
    struct Options: Equatable {
        /// The output can draw its window again (a terminal's chat): a changed message, a
        /// rule change or a message that sorts earlier asks for that (`.restart`). Without,
        /// a changed message is printed again under a line saying what changed.
        var redrawsWindow = false
        /// The transcript starts under the "beginning of conversation" marker, a line apart.
        var marksBeginning = false
        /// Handler traces (`/trace on`) are drawn; a run's transcript leaves them out.
        var showsTraces = false
        /// Which new messages are sent up from the input line.
        var animation = Animation.never
    }

    /// Which new messages fly up from the input line (only the reader's own, never files).
    enum Animation: Equatable {
        case never
        /// Those the session says the user sent (`EventOrigin.user`: the line typed at the
        /// prompt), not another process's or a recording's.
        case sentByUser
        /// Every message of the reader's side (a replay, whose events do not say).
        case everySent
    }

    /// What the feed gives lines for, besides the style: the session's state now.
    struct Context {
        /// "Now", for section headers ("Today", "Yesterday").
        var now: Timestamp
        /// The other side, named in the typing indicator.
        var participant: Participant
        /// The grouping rules; nil uses the ones the events said last (a replay).
        var rules: GroupingRules?
        /// Whether the loaded window starts at the conversation's first message.
        var reachedBeginning = false
        /// The pictures the terminal draws inline.
        var inlineImages = InlineImages.none
        /// A group's participants, whose names, initials and colours its bubbles show.
        var participants: [Participant] = []
        /// Where messages stand among their siblings (`‹ 2/3 ›`).
        var siblings: [Int64: Siblings] = [:]
    }

    private var stream = TranscriptStream()
    /// The newest bubble while an output may still replace it: its message, position and
    /// lines as given.
    private var newest: (message: Message, position: ClusterPosition, lines: [String])?
    /// The newest bubble while it is the last thing given (its lines as given): where a
    /// terminal finds the chips a click can pick.
    var newestBubble: (message: Message, lines: [String])? { newest.map { ($0.message, $0.lines) } }
    /// Every message given, as given, so an edit, deletion or reaction can be told apart
    /// from a new delivery status.
    private var drawn = DrawnMessages()
    /// The rules the events said last (`.rulesChanged`, `.conversationOpened`).
    private(set) var followedRules: GroupingRules
    /// A long transcript laid out a page at a time (`banter render --all`).
    private var pages = BatchedTranscript()
    /// Whether the newest message given offers quick replies, drawn until the next one.
    private var showsQuickReplies = false

    init(painter: TranscriptPainter, width: Int, options: Options = Options(), rules: GroupingRules = GroupingRules()) {
        self.painter = painter
        self.width = width
        self.options = options
        followedRules = rules
    }

    /// A renderer for `context`, made once per call and never handed out.
    private func renderer(_ context: Context) -> TranscriptRenderer {
        var renderer = painter.renderer(now: context.now, participant: context.participant, rules: rules(context))
        renderer.inlineImages = context.inlineImages
        if !context.participants.isEmpty { renderer.participants = context.participants }
        // Only when there are any: replacing the empty dictionary needs its type's metadata,
        // whose first use in a cold process scans every protocol conformance in the
        // executable (for `Int64`'s `Hashable`), and a conversation that never forked (every
        // `render` of one) has none.
        if !context.siblings.isEmpty { renderer.siblings = context.siblings }
        return renderer
    }

    private func rules(_ context: Context) -> GroupingRules { context.rules ?? followedRules }

    // MARK: Events

    /// What `event` changes in the drawing. `origin` says where the session published it
    /// from (nil when a recording does not say); only animation reads it.
    mutating func take(_ event: ChatEvent, origin: EventOrigin?, in context: Context) -> TranscriptDrawing {
        switch event {
        case .messageAdded(let message):
            return add(message, origin: origin, in: context)
        case .messageUpdated(let message):
            return update(message, in: context)
        case .typingStarted:
            return .live(.typingStarted)
        case .typingStopped:
            return .live(.typingStopped)
        case .botLoaded:
            return .live(.participantChanged)
        case .rulesChanged(let rules):
            followedRules = rules
            return .restart(.regrouped)
        case .conversationOpened(let conversation):
            followedRules = conversation.rules
            return .restart(.opened)
        case .notice(let text), .note(let text):
            return aside(renderer(context).systemLine(text, role: .notice, width: width))
        case .messagesRetracted:
            return .restart(.changed)
        case .botPaused:
            // The REPL shows the pause with the debugger's prompt (`DebuggerPrompt`).
            return .nothing
        case .picked, .turnGiven:
            // The pick itself came as `.messageAdded`: the label as the user's message; a
            // turn given shows as the bot's answer.
            return .nothing
        case .handlerTraced:
            guard options.showsTraces, let lines = event.traceLines(width: painter.traceWidth(for: width)) else {
                return .nothing
            }
            return aside(painter.trace(lines, width: width))
        }
    }

    /// A message added at the end: the separator above it and its bubble, which stays
    /// replaceable until the next message shows whether it ends its cluster.
    mutating func add(_ message: Message, origin: EventOrigin? = nil, in context: Context) -> TranscriptDrawing {
        if options.redrawsWindow && !stream.accepts(message) { return .restart(.reordered) }
        // Quick replies go once another message comes: drawn out of reach (other output
        // came below them), only drawing the window again takes them away.
        if options.redrawsWindow, newest == nil, showsQuickReplies { return .restart(.changed) }
        let renderer = renderer(context)
        let step = stream.append(message, rules: rules(context))
        var replacement: TranscriptDrawing.Replacement?
        if let newest {
            let position = step.continuesCluster ? step.previousPosition ?? newest.position : newest.position
            if position != newest.position || showsQuickReplies {
                let lines = renderer.renderMessage(
                    newest.message, position: position, width: width, showsQuickReplies: false)
                if lines != newest.lines { replacement = TranscriptDrawing.Replacement(old: newest.lines, new: lines) }
            }
        }
        showsQuickReplies = !message.isDeleted && message.actions.map { !$0.quickReplies.isEmpty } ?? false
        var lines = separator(for: step, message: message, renderer: renderer)
        if step.isFirst && options.marksBeginning && context.reachedBeginning { lines.insert("", at: 0) }
        let bubble = renderer.renderMessage(message, position: step.position, width: width)
        let separatorRows = lines.count
        lines += bubble
        newest = (message, step.position, bubble)
        drawn.record(message)
        return .append(
            TranscriptDrawing.Append(
                replacing: replacement, lines: lines, bubbleRows: bubble.count, separatorRows: separatorRows,
                animates: animates(message, origin: origin)))
    }

    private func animates(_ message: Message, origin: EventOrigin?) -> Bool {
        guard painter.wrote(message.sender), message.attachment == nil else { return false }
        switch options.animation {
        case .never: return false
        case .sentByUser: return origin == .user
        case .everySent: return true
        }
    }

    /// The lines above a new message: a blank line between clusters, or a blank line and
    /// the section header (just the header for the first message).
    private func separator(for step: TranscriptStream.Step, message: Message, renderer: TranscriptRenderer) -> [String]
    {
        if step.startsSection {
            let header = renderer.render([.sectionHeader(message.sentAt)], width: width, showsStatus: false)
            return (step.isFirst ? [] : [""]) + header
        }
        return step.continuesCluster ? [] : [""]
    }

    /// A message changed in place: a new delivery status only moves the live region; an
    /// edit, deletion or reaction redraws the window, or replaces the newest bubble, or is
    /// printed again under a line saying what changed.
    private mutating func update(_ message: Message, in context: Context) -> TranscriptDrawing {
        guard let change = drawn.change(to: message) else { return .live(.statusMoved) }
        if options.redrawsWindow { return .restart(.changed) }
        let renderer = renderer(context)
        let what =
            switch change {
            case .edited: "edited"
            case .deleted: "deleted"
            case .reactions: "reactions changed"
            }
        let reprint =
            renderer.systemLine("#\(message.id) \(what):", width: width)
            + renderer.renderMessage(message, position: .single, width: width)
        guard let newest, newest.message.id == message.id else {
            self.newest = nil
            return .changed(TranscriptDrawing.Changed(replacing: nil, reprint: reprint))
        }
        let lines = renderer.renderMessage(message, position: newest.position, width: width)
        self.newest = (message, newest.position, lines)
        return .changed(
            TranscriptDrawing.Changed(
                replacing: TranscriptDrawing.Replacement(old: newest.lines, new: lines), reprint: reprint))
    }

    /// Lines outside the conversation (a notice, a trace): what was given above them stays.
    private mutating func aside(_ lines: [String]) -> TranscriptDrawing {
        newest = nil
        return .aside(lines)
    }

    // MARK: What outputs tell the feed

    /// The output printed the newest bubble for good (other output came below it), so a
    /// later message cannot replace it.
    mutating func settle() {
        newest = nil
    }

    /// Starts again after `messages` (drawn by the output as a window, or none), so the next
    /// message is laid out against the last of them; `replaceable` says whether the last
    /// one's bubble is the last thing drawn.
    mutating func restart(after messages: [Message], replaceable: Bool, in context: Context) {
        drawn.reset(to: messages)
        showsQuickReplies = messages.last.map { !$0.isDeleted && !($0.actions?.quickReplies.isEmpty ?? true) } ?? false
        stream.reset(after: messages, rules: rules(context))
        if replaceable, let last = messages.last {
            let position = stream.lastPosition
            newest = (last, position, renderer(context).renderMessage(last, position: position, width: width))
        } else {
            newest = nil
        }
    }

    // MARK: Whole windows and pages

    /// The loaded transcript: the beginning marker when the window starts at the first
    /// message, then every section and cluster. Delivery status is not part of it: it
    /// lives under the newest message (`liveLines`).
    func window(_ messages: [Message], in context: Context) -> [String] {
        let renderer = renderer(context)
        var lines: [String] = []
        if context.reachedBeginning {
            lines.append(renderer.beginningOfConversation(width: width))
            if !messages.isEmpty { lines.append("") }
        }
        renderer.render(
            Layout.items(for: messages, rules: rules(context)), width: width, showsStatus: false, into: &lines)
        return lines
    }

    /// The lines `page` makes final, the next page of a long transcript printed oldest
    /// first (its last message is held until the next page shows whether it ends its
    /// cluster); one render per page.
    mutating func addPage(_ page: [Message], in context: Context) -> [String] {
        pages.add(page, rules: rules(context), renderer: renderer(context), width: width)
    }

    /// The held message of the pages, at the end.
    mutating func finishPages(in context: Context) -> [String] {
        pages.flush(renderer: renderer(context), width: width)
    }

    /// The live region: the status of the newest message while it is the reader's own,
    /// the bubble of a language model's answer as it streams in (`draft`), then the typing
    /// indicator at `typingFrame` while the other side types.
    func liveLines(newest: Message?, typingFrame: Int?, draft: String? = nil, in context: Context) -> [String] {
        let renderer = renderer(context)
        var lines: [String] = []
        if let newest, painter.wrote(newest.sender) {
            lines.append(renderer.statusLine(newest.status, width: width))
        }
        if let draft {
            let growing = Message(id: -1, conversationID: -1, sender: Sender(.them), text: draft, sentAt: context.now)
            lines += renderer.renderMessage(growing, position: .single, width: width, showsQuickReplies: false)
        }
        if let typingFrame { lines.append(renderer.typingIndicator(frame: typingFrame, width: width)) }
        return lines
    }

    /// The live line under the transcript while Tab has highlighted a choice:
    /// "Enter picks [2 No] · Tab: next".
    func choiceHint(_ choice: ActionChoice, in context: Context) -> String {
        renderer(context).choiceHint(choice, width: width)
    }

    /// One centred line in the system role (a hint such as "newer messages below").
    func systemLine(_ text: String, in context: Context) -> String {
        renderer(context).systemLine(text, width: width).first ?? ""
    }

    /// The marker above the oldest message.
    func beginningOfConversation(in context: Context) -> String {
        renderer(context).beginningOfConversation(width: width)
    }
}

extension TranscriptFeed.Context {
    /// The session's open conversation at its clock's current time; in a group, the typing
    /// indicator names the bot that typed.
    init(session: ChatSession) {
        self.init(
            now: session.clock.now, participant: session.typist ?? session.participant,
            rules: session.conversation.rules, reachedBeginning: session.reachedBeginning,
            participants: session.participants, siblings: session.siblings)
    }
}
