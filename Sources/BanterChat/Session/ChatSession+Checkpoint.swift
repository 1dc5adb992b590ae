import BanterCore
import BanterScript
import BanterStore

/// The session as it stands at a quiet moment, to come back to any number of times: its
/// store's content (a savepoint), its bot (`BotRuntime.Checkpoint`), its clock and what it
/// keeps in memory. `banter crawl` opens the conversation once and starts every path from
/// there, which costs a fraction of opening it again (a new conversation, the bot put back
/// to its loaded state, `on_open` run).
extension ChatSession {
    /// What `checkpoint(named:)` kept.
    package struct Checkpoint {
        let savepoint: ChatStore.Savepoint
        let bot: BotRuntime.Checkpoint
        let time: Timestamp
        let conversation: Conversation
        let participant: Participant
        let participants: [Participant]
        let typist: Participant?
        let botTurns: Int
        let unheard: [Message]
        let turnPolicy: TurnPolicy
        let nextTurn: Int
        let turnRandom: UInt64
        let siblings: [Int64: Siblings]
        let hasForked: Bool
        let messages: [Message]
        let reachedBeginning: Bool
        let openingReplies: [Message]
        let openingNotices: [String]
        let typingUntil: Timestamp?
        let openedNewConversation: Bool
        let readWatermark: Int64
        let changeWatermark: Int64
    }

    /// The session as it is now, its store's part marked as savepoint `name` (see
    /// `ChatStore.savepoint`); nil when it cannot come back here: the store is not a reused
    /// in-memory run, the bot is not a Lua bot at rest (see `BotRuntime.checkpoint()`), it is
    /// a group, or the debugger is on.
    package func checkpoint(named name: String) throws(ChatError) -> Checkpoint? {
        guard members.isEmpty, !isHanding, !isOpening, !debugger.isOn, let runtime = bot as? BotRuntime,
            let botState = runtime.checkpoint(),
            let savepoint = try storing({ () throws(StoreError) in try store.savepoint(name) })
        else { return nil }
        return Checkpoint(
            savepoint: savepoint, bot: botState, time: clock.now, conversation: conversation, participant: participant,
            participants: participants, typist: typist, botTurns: botTurns, unheard: unheard, turnPolicy: turnPolicy,
            nextTurn: nextTurn, turnRandom: turnRandom, siblings: siblings, hasForked: hasForked, messages: messages,
            reachedBeginning: reachedBeginning, openingReplies: openingReplies, openingNotices: openingNotices,
            typingUntil: typingUntil, openedNewConversation: openedNewConversation, readWatermark: readWatermark,
            changeWatermark: changeWatermark)
    }

    /// Puts the session back as `checkpoint` found it: store, bot, clock and all, publishing
    /// nothing. False, changing nothing, when the bot cannot go back (see
    /// `BotRuntime.restore`); the store's savepoint must still be there (a later savepoint's
    /// rollback keeps it, an earlier one's drops it).
    package func restore(_ checkpoint: Checkpoint) throws(ChatError) -> Bool {
        guard let runtime = bot as? BotRuntime, members.isEmpty, runtime.restore(checkpoint.bot) else { return false }
        try storing { () throws(StoreError) in try store.rollBack(to: checkpoint.savepoint) }
        clock.rewind(to: checkpoint.time)
        conversation = checkpoint.conversation
        participant = checkpoint.participant
        participants = checkpoint.participants
        typist = checkpoint.typist
        botTurns = checkpoint.botTurns
        unheard = checkpoint.unheard
        turnPolicy = checkpoint.turnPolicy
        nextTurn = checkpoint.nextTurn
        turnRandom = checkpoint.turnRandom
        siblings = checkpoint.siblings
        hasForked = checkpoint.hasForked
        messages = checkpoint.messages
        reachedBeginning = checkpoint.reachedBeginning
        openingReplies = checkpoint.openingReplies
        openingNotices = checkpoint.openingNotices
        typingUntil = checkpoint.typingUntil
        openedNewConversation = checkpoint.openedNewConversation
        readWatermark = checkpoint.readWatermark
        changeWatermark = checkpoint.changeWatermark
        return true
    }
}
