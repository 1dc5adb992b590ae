import BanterCore
import BanterScript
import BanterStore
import Foundation

/// One open conversation and its bot: the "view model" the terminal renders.
///
/// It ties the store, the bot runtime and a clock together: what the user sends is stored,
/// then published, then handed to the bot; what the bot does comes back through `BotHost`
/// and is stored and published the same way. It never prints: everything visible goes out
/// as a `ChatEvent` through `onEvent`. Use it from one thread.
package final class ChatSession {
    package let store: ChatStore
    /// The conversation's clock: virtual for headless runs and tests, live in a terminal.
    package let clock: any AdjustableClock
    package let options: ChatSessionOptions
    /// Receives every event with where it came from. Events published while the session
    /// opens its first conversation (in `init`) are not delivered: read the state
    /// afterwards instead.
    package var onEvent: ((ChatEvent, EventOrigin) -> Void)?

    /// The open conversation.
    package internal(set) var conversation: Conversation
    /// The open conversation's bot, if it has one that loaded.
    package internal(set) var bot: (any ChatBot)? {
        didSet {
            (clock as? LiveClock)?.thaw() // another bot: nothing of the old one is paused
            applyBreakpoints()
        }
    }
    /// The open bot's script, for a display to name it (nil without a bot).
    package var botScriptPath: String? { bot?.scriptPath }
    /// Every file the open bot was read from (its script and what it `require`d), for live
    /// reload to watch; empty without a bot.
    package var botSourceFiles: [String] { bot?.sourceFiles ?? [] }
    /// The other side as the user sees it: the bot, or the conversation's name.
    package internal(set) var participant: Participant
    /// A group's participants besides the user, in the order they joined, those who left
    /// included (their messages keep their names); empty in a two-party conversation.
    package internal(set) var participants: [Participant] = []
    /// The bots of a group that are running, in the order they joined; each gets the
    /// debugger's breakpoints as it joins.
    var members: [GroupMember] = [] {
        didSet { applyBreakpoints() }
    }
    /// Who the typing indicator names in a group (the bot that typed last); nil names
    /// `participant`.
    package internal(set) var typist: Participant?
    /// Bot messages in a row since a person last wrote in a group (the turn budget's count).
    var botTurns = 0
    /// A group's messages waiting to be heard by its bots, oldest first: bots hear messages
    /// in the order they were written, one round at a time (see `ChatSession.hear`).
    var unheard: [Message] = []
    /// Who answers a message in the open group (`/turns`).
    package internal(set) var turnPolicy = TurnPolicy.all
    /// Under `roundRobin`, the index in `members` of the bot whose turn is next.
    var nextTurn = 0
    /// The state of the seeded random source `natural` draws from (the session's seed).
    var turnRandom: UInt64 = 0
    /// Whether the group's bots are being handed `unheard` messages (so a reply written
    /// meanwhile waits its turn instead of nesting).
    var isHanding = false
    /// Where the window's messages stand among their siblings (`‹ 2/3 ›`), for those that
    /// have any; empty until the conversation forks.
    package internal(set) var siblings: [Int64: Siblings] = [:]
    /// Whether the open conversation has branches (then new messages look for siblings).
    var hasForked = false
    /// How many forks and retries this session made on the way to each branch it made (by
    /// number), from the branch it was on: what seeds the bots' random source there.
    var branchDepths: [Int: Int] = [:]
    /// The loaded window of the conversation, oldest first: the latest page plus every
    /// older page loaded since, plus what arrived since.
    package internal(set) var messages: [Message] = []
    /// Whether `messages` starts at the conversation's first message.
    package internal(set) var reachedBeginning = true
    /// The replies the bot sent while the open conversation was being opened (`on_open`'s
    /// immediate ones), oldest first: events published during `init` are not delivered, so
    /// this is how a caller learns what opening produced.
    package internal(set) var openingReplies: [Message] = []
    /// The notices published while the open conversation was being opened (its bot's errors
    /// in `on_open`, a bot that did not load), oldest first, for the same reason.
    package internal(set) var openingNotices: [String] = []
    /// Set while `open` runs (see `openingNotices`).
    var isOpening = false
    /// Until when the typing indicator shows, while it does.
    package internal(set) var typingUntil: Timestamp?
    /// Whether the open conversation was created when this session opened it (so the bot
    /// greeted it and ran `on_open` for the first time).
    package internal(set) var openedNewConversation = false
    /// Whether the bot traces its handler runs, published as `.handlerTraced` (`/trace on`).
    package var tracesHandlers = false
    /// The step debugger's switch and numbered breakpoints (see `ChatSession+Debugging`).
    var debugger = SessionDebugger()
    /// The highest message id of the open conversation this session has read from the
    /// store (its own sends do not count): `pollExternalChanges` asks for ids above it.
    var readWatermark: Int64 = 0
    /// The newest entry of the store's change log this session has looked at:
    /// `pollExternalChanges` asks for messages changed (edited, deleted, reacted to…) after it.
    var changeWatermark: Int64 = 0

    /// Opens the conversation titled `title` as `mode` says: by default creating it when
    /// missing (see `open`).
    package init(
        store: ChatStore, clock: any AdjustableClock, title: String, botScriptPath: String? = nil,
        mode: OpenMode = .openOrCreate, options: ChatSessionOptions = ChatSessionOptions()
    ) throws(ChatError) {
        self.store = store
        self.clock = clock
        self.options = options
        let placeholder = Conversation(id: 0, title: title, createdAt: clock.now)
        conversation = placeholder
        participant = Participant(name: title)
        try open(title: title, botScriptPath: botScriptPath, mode: mode)
    }

    /// The side the person at the prompt speaks for (see `ChatSessionOptions.side`).
    package var side: Side { options.side }

    /// Who what the person at the prompt writes is from: their side, or the group's person
    /// they speak as (`ChatSessionOptions.participantName`).
    package var writer: Sender {
        guard let name = options.participantName else { return side.sender }
        // As the group spells it, whatever case `--as` was typed in.
        let known = participants.first { !$0.hasLeft && $0.name.lowercased() == name.lowercased() }
        return Sender(.them, participant: known?.name ?? name)
    }

    /// Publishes an event to whoever renders the session, saying where it came from.
    func publish(_ event: ChatEvent, from origin: EventOrigin) {
        if isOpening, case .notice(let text) = event { openingNotices.append(text) }
        onEvent?(event, origin)
    }

    /// Adds a message to the loaded window at its place in time order.
    func insertIntoWindow(_ message: Message) {
        if let last = messages.last, Message.chronological(message, last) {
            let index = messages.firstIndex { Message.chronological(message, $0) } ?? messages.endIndex
            messages.insert(message, at: index)
        } else {
            messages.append(message)
        }
        if hasForked { refreshSiblings() }
    }

    /// Records that the user has seen `message` (for unread counts in `/chats`); a failure
    /// is shown, never fatal. Unread counts are the user's (`me`), so a session speaking as
    /// the other side leaves them alone.
    func markSeen(_ message: Message) {
        guard side == .me, message.role == .them else { return }
        do {
            try store.markRead(upTo: message)
        } catch {
            publish(.notice("could not mark the conversation read: \(error)"), from: .session)
        }
    }

    /// Calls `body`, turning a store failure into `ChatError.store`.
    @discardableResult
    func storing<Result>(_ body: () throws(StoreError) -> Result) throws(ChatError) -> Result {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
