import BanterCore
import BanterScript
import BanterStore

/// Branches of the open conversation: forking at a message, labelling and switching
/// branches, and what `/tree` lists. Each change shows the branch it leads to: the window
/// is read again and published as the conversation opened, so every output redraws it.
extension ChatSession {
    /// Starts a new branch at the message `reference` names (your newest by default) and
    /// shows it: the transcript up to that message; the next message continues the branch.
    /// The clock goes back to that message's time and the bots remember what they did then.
    /// `attempt` is which branch forked at that message this one counts as (see
    /// `fork(at:memoryBeforeMessage:attempt:)`); nil: the next one.
    @discardableResult
    package func fork(at reference: MessageReference, attempt: Int? = nil) throws(ChatError) -> Branch {
        try fork(at: try resolve(reference, for: .fork), memoryBeforeMessage: false, attempt: attempt)
    }

    /// Forks at `message`: the bots' memory as after it (or, with `memoryBeforeMessage`,
    /// as when it was written), the clock at its time, their random source seeded for the
    /// branch (`BotRuntime.reseedRandom`): by how many forks and retries the chat made on the
    /// way to it (`branchDepths`) and by its `attempt`, how many branches fork at that
    /// message counting this one (nil: count them), which a scenario replaying the way
    /// passes (`retry(2)`) since it makes only the branches of its own path. So a second
    /// `/retry` of the same message answers differently from the first, wherever it is made.
    private func fork(at message: Message, memoryBeforeMessage: Bool, attempt: Int?) throws(ChatError) -> Branch {
        let conversationID = conversation.id
        let known = try branches()
        let current = try currentBranch()
        let branch = try storing { () throws(StoreError) in
            try store.fork(conversationID: conversationID, at: message.id, memoryBeforeMessage: memoryBeforeMessage)
        }
        clock.rewind(to: message.sentAt)
        try showBranch()
        let depth = (branchDepths[current.number] ?? storedDepth(of: current, in: known)) + 1
        let attempt = attempt ?? (known.count(where: { $0.forkMessageID == message.id }) + 1)
        branchDepths[branch.number] = depth
        (bot as? BotRuntime)?.reseedRandom(branchDepth: depth, attempt: attempt)
        for member in members { (member.runtime as? BotRuntime)?.reseedRandom(branchDepth: depth, attempt: attempt) }
        return branch
    }

    /// How many forks lead to `branch` from the first one, by the branches they were written
    /// on: the depth of a branch this session did not make.
    private func storedDepth(of branch: Branch, in known: [Branch]) -> Int {
        let parents = Dictionary(known.map { ($0.number, $0.parentNumber) }) { first, _ in first }
        var depth = 0
        var number = branch.number
        while let parent = parents[number] ?? nil, depth < known.count {
            depth += 1
            number = parent
        }
        return depth
    }

    /// Asks the bot for another answer to your newest message: a new branch forked at that
    /// message, which the bot receives again with its memory and the clock as they were
    /// when the message was written and its random source seeded for the new branch (so the
    /// answer may differ; a second `/retry` from the new branch differs again); the new
    /// answer is a sibling of the first.
    /// `attempt` as for `fork(at:attempt:)`.
    @discardableResult
    package func retry(attempt: Int? = nil) throws(ChatError) -> Branch {
        guard bot != nil || isGroup else { throw .noBot }
        let message = try resolve(.newest, for: .fork)
        let branch = try fork(at: message, memoryBeforeMessage: true, attempt: attempt)
        bot?.received(message)
        personSpoke(message)
        return branch
    }

    /// Makes the branch numbered or named `reference` the current one and shows it, with
    /// what its bots remembered there; the clock goes on from the later of now and the
    /// branch's newest message, so the branch's times stay in order.
    @discardableResult
    package func switchBranch(to reference: String) throws(ChatError) -> Branch {
        let conversationID = conversation.id
        let branch = try storing { () throws(StoreError) in
            try store.switchBranch(conversationID: conversationID, to: reference)
        }
        try showBranch()
        if let newest = messages.last { clock.advance(to: newest.sentAt) }
        return branch
    }

    /// Labels the current branch.
    @discardableResult
    package func nameBranch(_ name: String) throws(ChatError) -> Branch {
        let conversationID = conversation.id
        return try storing { () throws(StoreError) in
            try store.nameCurrentBranch(conversationID: conversationID, name: name)
        }
    }

    /// What the bot whose memory is kept under `key` remembers in the open conversation.
    private func memory(under key: String) throws(ChatError) -> [String: String] {
        let conversationID = conversation.id
        return try storing { () throws(StoreError) in try store.allMemory(conversationID: conversationID, bot: key) }
    }

    /// Every branch of the open conversation (see `ChatStore.branches`).
    package func branches() throws(ChatError) -> [Branch] {
        let conversationID = conversation.id
        return try storing { () throws(StoreError) in try store.branches(conversationID: conversationID) }
    }

    /// The branch the chat shows.
    package func currentBranch() throws(ChatError) -> Branch {
        let conversationID = conversation.id
        return try storing { () throws(StoreError) in try store.currentBranch(conversationID: conversationID) }
    }

    /// The message with this id in the open conversation, whatever its branch; nil if none.
    package func message(id: Int64) throws(ChatError) -> Message? {
        let found = try storing { () throws(StoreError) in try store.message(id: id) }
        return found?.conversationID == conversation.id ? found : nil
    }

    /// Reads the current branch's newest page into the window and publishes it as opened.
    /// The bots' paused work (a delayed reply, a typing pause) is dropped, as it answered a
    /// message of the branch left behind, and they remember what the store now holds for
    /// this branch (`MemoryHistory`).
    func showBranch() throws(ChatError) {
        if let bot {
            bot.movedToBranch(memory: try memory(under: Self.memoryKey(scriptPath: conversation.botScriptPath)))
        }
        for member in members { member.runtime.movedToBranch(memory: try memory(under: member.memoryKey)) }
        typingUntil = nil
        typist = nil
        try loadLatestPage()
        publish(.conversationOpened(conversation), from: .session)
    }
}
