import BanterCore
import BanterScript
import BanterStore

/// The session as it stood at a quiet moment, to come back to any number of times: the
/// store's rows (a savepoint), the clock, the bot (`BotRuntime.Mark`) and the window,
/// opening and turn-taking state the session keeps. A scenario's branch leaves start from
/// where their shared prefix left it instead of running it again, and `banter crawl` starts
/// every path from the opening (and from where paths part) instead of opening a new
/// conversation; what either produces is what a run of its own would.
extension ChatSession {
    /// The session at a quiet moment (see `mark(named:)`). Its fields are the session's,
    /// listed by hand: `SessionMarkTests` fails on a session field neither here nor named
    /// there as one a mark need not carry.
    package struct Mark {
        let store: ChatStore.Savepoint
        let now: Timestamp
        let bot: BotRuntime.Mark?
        let conversation: Conversation
        let participant: Participant
        let participants: [Participant]
        let typist: Participant?
        let botTurns: Int
        let turnPolicy: TurnPolicy
        let nextTurn: Int
        let turnRandom: UInt64
        let siblings: [Int64: Siblings]
        let hasForked: Bool
        let branchDepths: [Int: Int]
        let messages: [Message]
        let reachedBeginning: Bool
        let openingReplies: [Message]
        let openingNotices: [String]
        let typingUntil: Timestamp?
        let openedNewConversation: Bool
        let readWatermark: Int64
        let changeWatermark: Int64
    }

    /// The session as it is now, its store's part kept as savepoint `name` (see
    /// `ChatStore.savepoint`; a later mark of another name nests inside this one). Nil when
    /// it cannot be put back exactly: the store is not a reused in-memory run, a group's
    /// bots run (their turns interleave), messages wait to be heard, the session is opening
    /// or handing a message on, the debugger is on, or the bot is not a Lua bot at a quiet
    /// moment (`BotRuntime.mark()`).
    package func mark(named name: String) throws(ChatError) -> Mark? {
        guard members.isEmpty, unheard.isEmpty, !isHanding, !isOpening, !debugger.isOn else { return nil }
        var botMark: BotRuntime.Mark?
        if let bot {
            guard let runtime = bot as? BotRuntime, let marked = runtime.mark() else { return nil }
            botMark = marked
        }
        guard let savepoint = try storing({ () throws(StoreError) in try store.savepoint(name) }) else { return nil }
        return Mark(
            store: savepoint, now: clock.now, bot: botMark, conversation: conversation, participant: participant,
            participants: participants, typist: typist, botTurns: botTurns, turnPolicy: turnPolicy,
            nextTurn: nextTurn, turnRandom: turnRandom, siblings: siblings, hasForked: hasForked,
            branchDepths: branchDepths, messages: messages, reachedBeginning: reachedBeginning,
            openingReplies: openingReplies, openingNotices: openingNotices, typingUntil: typingUntil,
            openedNewConversation: openedNewConversation, readWatermark: readWatermark,
            changeWatermark: changeWatermark)
    }

    /// Puts the session back as `mark` found it, store, bot, clock and all, publishing
    /// nothing. False, changing nothing, when the bot cannot go back (see
    /// `BotRuntime.restore`); the store's savepoint must still be there (a later
    /// savepoint's rollback keeps it, an earlier one's drops it).
    package func restore(_ mark: Mark) throws(ChatError) -> Bool {
        guard members.isEmpty else { return false }
        if let botMark = mark.bot {
            guard let runtime = bot as? BotRuntime, runtime.restore(botMark) else { return false }
        } else if bot != nil {
            return false
        }
        try storing { () throws(StoreError) in try store.rollBack(to: mark.store) }
        clock.rewind(to: mark.now)
        conversation = mark.conversation
        participant = mark.participant
        participants = mark.participants
        typist = mark.typist
        botTurns = mark.botTurns
        unheard = []
        isHanding = false
        turnPolicy = mark.turnPolicy
        nextTurn = mark.nextTurn
        turnRandom = mark.turnRandom
        siblings = mark.siblings
        hasForked = mark.hasForked
        branchDepths = mark.branchDepths
        messages = mark.messages
        reachedBeginning = mark.reachedBeginning
        openingReplies = mark.openingReplies
        openingNotices = mark.openingNotices
        typingUntil = mark.typingUntil
        openedNewConversation = mark.openedNewConversation
        readWatermark = mark.readWatermark
        changeWatermark = mark.changeWatermark
        return true
    }
}
