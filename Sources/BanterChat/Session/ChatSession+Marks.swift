import BanterCore
import BanterScript
import BanterStore

/// A scenario's session as it stood at a point, to come back to: the store's rows (a
/// savepoint), the clock, the bot (`BotRuntime.Mark`) and the window and turn-taking state
/// the session keeps. A scenario's branches share the steps before them, and each leaf after
/// the first starts here instead of running them again; what it produces is what a run of
/// its own would.
extension ChatSession {
    /// The session at a quiet moment (see `mark()`).
    package struct Mark {
        let store: ChatStore.Mark
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
        let typingUntil: Timestamp?
        let readWatermark: Int64
        let changeWatermark: Int64
    }

    /// The session as it is now, or nil when it cannot be put back exactly: the store is not
    /// a reused scenario database, a group's bots run (their turns interleave), messages wait
    /// to be heard, or the bot is not a Lua bot at a quiet moment (`BotRuntime.mark()`).
    package func mark() throws(ChatError) -> Mark? {
        guard members.isEmpty, unheard.isEmpty, !isHanding else { return nil }
        var botMark: BotRuntime.Mark?
        if let bot {
            guard let runtime = bot as? BotRuntime, let marked = runtime.mark() else { return nil }
            botMark = marked
        }
        guard let storeMark = try storing({ () throws(StoreError) in try store.mark() }) else { return nil }
        return Mark(
            store: storeMark, now: clock.now, bot: botMark, conversation: conversation, participant: participant,
            participants: participants, typist: typist, botTurns: botTurns, turnPolicy: turnPolicy,
            nextTurn: nextTurn, turnRandom: turnRandom, siblings: siblings, hasForked: hasForked,
            branchDepths: branchDepths,
            messages: messages, reachedBeginning: reachedBeginning, typingUntil: typingUntil,
            readWatermark: readWatermark, changeWatermark: changeWatermark)
    }

    /// Puts the session back as it was at `mark`; false when the bot cannot be (see
    /// `BotRuntime.restore`), and the session must not be used further then.
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
        typingUntil = mark.typingUntil
        readWatermark = mark.readWatermark
        changeWatermark = mark.changeWatermark
        return true
    }
}
